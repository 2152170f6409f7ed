//! Rulings of the `vineyards` plugin, with exact points.

#[allow(unused_imports)]
use crate::common::*;
