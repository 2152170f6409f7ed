//! The bots' integration tests, one test binary (each file a module): the
//! engine and the bots are optimised in test builds, so each test binary
//! compiles the engine's generic code it uses again; one binary does it once
//! (docs/testing.md).

mod greedy;
mod mcts;
