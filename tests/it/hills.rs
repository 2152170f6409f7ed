//! Rulings of the `hills` plugin, with exact points.

#[allow(unused_imports)]
use crate::common::*;
