//! Integration tests of the `carcassonne` program: one module per topic.

mod abbot;
mod cathedrals;
mod cli;
mod common;
mod golden;
mod hills;
mod inns;
mod inns_and_cathedrals;
mod large_follower;
mod plugins;
mod robustness;
mod shepherd;
mod special_cities;
mod vineyards;
