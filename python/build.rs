//! Nothing to build: the script exists so that cargo resolves this package's
//! build-dependencies (`Cargo.toml`: the features the workspace turns on in
//! the proc-macros' dependencies, so that the wheel reuses the workspace's
//! compiled crates).

fn main() {}
