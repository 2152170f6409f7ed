//! Integration tests of the `carcassonne` program: one module per topic.

mod cli;
