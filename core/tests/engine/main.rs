//! The core's integration tests, one test binary (each file a module): the
//! engine through its public interface only, with tiles from the shipped data
//! files and plugins written in the tests. One binary links and compiles the
//! shared fixtures once (the core is optimised in test builds, so each extra
//! binary cost seconds of compiling; docs/testing.md).

mod base_rulings;
mod board_queries;
#[path = "../../../tests/it/census.rs"]
mod census;
mod conformance;
mod corner_offers;
mod decision_among;
mod docs;
mod farmer_exclusion;
mod figure_offers;
mod fixtures;
mod hardening;
mod held_draws;
mod kept_placements;
mod labels;
mod lapsing_decisions;
mod predator_queries;
mod princess_and_dragon_tiles;
mod special_tiles;
mod steady_draws;
mod step_order;
mod tile_model;
