//! Rulings of the `abbot` plugin, with exact points.

#[allow(unused_imports)]
use crate::common::*;
