//! Rulings of the `special-cities` plugin, with exact points.

#[allow(unused_imports)]
use crate::common::*;
