//! The fuzz corpus (`fuzz/corpus/<target>/`, kept in the repository) through
//! the fuzz targets' own code, on stable Rust: every input cargo-fuzz found
//! interesting stays a regression test. Each file also goes through the other
//! targets (a ruleset as a record, a record as action text, ...).

#[path = "../../fuzz/src/lib.rs"]
mod targets;

use crate::cli::root;

/// A fuzz target: its name and body.
type Target = (&'static str, fn(&[u8]));

#[test]
fn every_fuzz_corpus_input_runs_through_every_target() {
    let targets: [Target; 5] = [
        ("ruleset", targets::ruleset),
        ("tileset", targets::tileset),
        ("record", targets::record),
        ("actions", targets::actions),
        ("shipped", targets::shipped),
    ];
    let mut inputs = 0;
    for (dir, _) in &targets {
        let d = root().join("fuzz/corpus").join(dir);
        let mut files: Vec<_> = std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} is empty", d.display());
        for f in files {
            let data = std::fs::read(&f).unwrap();
            for (name, target) in &targets {
                let r = std::panic::catch_unwind(|| target(&data));
                assert!(r.is_ok(), "target `{name}` fails on {}", f.display());
            }
            inputs += 1;
        }
    }
    assert!(inputs >= 12);
}
