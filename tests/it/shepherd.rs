//! Rulings of the `shepherd` plugin, with exact points.

#[allow(unused_imports)]
use crate::common::*;
