//! Integration tests of the `carcassonne` program: one module per topic.

mod abbot;
mod browser;
mod builder;
mod capabilities;
mod cathedrals;
mod cli;
mod common;
mod golden;
mod hardening;
mod hills;
mod inns;
mod inns_and_cathedrals;
mod large_follower;
mod pig;
mod plugins;
mod properties;
mod render;
mod robustness;
mod scenarios;
mod shepherd;
mod special_cities;
mod trade_goods;
mod traders;
mod traders_x;
mod vineyards;
