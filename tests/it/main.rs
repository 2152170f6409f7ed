//! Integration tests of the `carcassonne` program: one module per topic.

mod abbot;
mod browser;
mod capabilities;
mod cathedrals;
mod cli;
mod common;
mod docs;
mod fuzz_corpus;
mod golden;
mod hardening;
mod hills;
mod inns;
mod inns_and_cathedrals;
mod large_follower;
mod plugins;
mod properties;
mod render;
mod robustness;
mod scenarios;
mod shepherd;
mod special_cities;
mod vineyards;
