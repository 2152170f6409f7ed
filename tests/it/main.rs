//! Integration tests of the `carcassonne` program: one module per topic.

mod abbot;
mod browser;
mod cli;
mod common;
mod golden;
mod hardening;
mod hills;
mod plugins;
mod render;
mod robustness;
mod shepherd;
mod special_cities;
mod vineyards;
