//! What the benchmarks share: where cargo put a plugin library that is a
//! dev-dependency of this package.

use std::path::PathBuf;

/// The shared library of crate `lib_name` (its library name, underscores): a
/// dev-dependency of this package, so cargo built it with the benchmark into
/// `target/<profile>/deps/`, beside the benchmark's executable.
pub fn dev_library(lib_name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("bench exe");
    let deps = exe.parent().expect("target/<profile>/deps");
    let lib = deps.join(format!(
        "{}{lib_name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    assert!(
        lib.exists(),
        "{} is missing: run with cargo bench",
        lib.display()
    );
    lib
}
