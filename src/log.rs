//! The readable turn log, shared with the browser front end (see `carcassonne_render::log`).

pub use carcassonne_render::log::*;
