//! Integration tests of the `carcassonne` program: one module per topic.

mod abbey;
mod abbot;
mod browser;
mod capabilities;
mod cli;
mod common;
mod golden;
mod hardening;
mod hills;
mod mayor;
mod plugins;
mod properties;
mod render;
mod robustness;
mod scenarios;
mod shepherd;
mod special_cities;
mod vineyards;
