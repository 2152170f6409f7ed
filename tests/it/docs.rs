//! The documentation cannot rot: every relative link and every repository path
//! cited in `README.md`, `ARCHITECTURE.md` and `docs/` exists, and every
//! package declares the workspace's `rust-version` (which clippy checks the
//! code against), and the README states the same; the composition table
//! (`docs/composition.md`) gives every shipped plugin with the run order it
//! declares; the README's command summary names every subcommand's options.

use crate::cli::root;
use std::path::{Path, PathBuf};

fn markdown_files() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut stack = vec![root().join("docs")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Targets of `[text](target)` links that are not web addresses or anchors.
fn relative_links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].trim();
        let target = target.split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            out.push(target.to_string());
        }
    }
    out
}

/// Paths in `code spans` that start with a directory of the repository.
fn cited_paths(text: &str, top: &[String]) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|span| {
            let span = span.split(" (").next()?.trim();
            let path = span.split(':').next()?;
            let ok = !path.contains([' ', '*', '<', '>', '{', '$', '|'])
                && top.iter().any(|t| path.starts_with(&format!("{t}/")));
            ok.then(|| path.to_string())
        })
        .collect()
}

#[test]
fn every_relative_link_and_cited_path_in_the_docs_exists() {
    let repo = root();
    let top: Vec<String> = std::fs::read_dir(&repo)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "target" && !n.starts_with('.') || n == ".ci")
        .collect();
    // The plugin guide cites the files of its example crate (`src/lib.rs`).
    let bases = [repo.clone(), repo.join("examples/cloister-bonus")];
    let mut missing = Vec::new();
    let mut checked = 0;
    for f in markdown_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        let dir = f.parent().unwrap();
        for l in relative_links(&text) {
            checked += 1;
            if !dir.join(&l).exists() {
                missing.push(format!("{}: link {l}", f.display()));
            }
        }
        for p in cited_paths(&text, &top) {
            checked += 1;
            if !bases.iter().any(|b| b.join(&p).exists()) {
                missing.push(format!("{}: path `{p}`", f.display()));
            }
        }
    }
    // Files outside the repository (`../shared/...`, a `RULES.md` of the rules
    // research) are not there for a reader of the repository.
    for f in markdown_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        for span in text.split('`').skip(1).step_by(2) {
            // The lean engine the speed ratios are measured against is the
            // benchmark machine's (docs/performance.md says so).
            let bench = span.starts_with("../shared/bench/");
            let shared = span.starts_with("../shared/") || span.starts_with("shared/");
            if !bench && shared || span == "RULES.md" {
                missing.push(format!("{}: outside the repository `{span}`", f.display()));
            }
        }
    }
    assert!(missing.is_empty(), "missing:\n{}", missing.join("\n"));
    assert!(checked > 50, "only {checked} links and paths found");
}

#[test]
fn the_link_finder_finds_links_and_paths() {
    let text = "see [a](docs/a.md#x), [web](https://x.y), `core/src/lib.rs` (`Game::new`), \
                `core/src/game/mod.rs:12`, `plugins/<name>/`, `cargo test`";
    assert_eq!(relative_links(text), ["docs/a.md"]);
    let top = vec!["core".to_string(), "plugins".to_string()];
    assert_eq!(
        cited_paths(text, &top),
        ["core/src/lib.rs", "core/src/game/mod.rs"]
    );
}

#[test]
fn every_package_declares_the_workspace_rust_version() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let ws: toml::Table = toml::from_str(&manifest).unwrap();
    let version = ws["workspace"]["package"]["rust-version"].as_str().unwrap();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("**Rust {version}** or newer")),
        "README.md must say which Rust it needs: {version}"
    );
    let mut members: Vec<String> = ws["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    members.retain(|m| Path::new(&root()).join(m).join("Cargo.toml").exists());
    for m in members {
        let t: toml::Table =
            toml::from_str(&std::fs::read_to_string(root().join(&m).join("Cargo.toml")).unwrap())
                .unwrap();
        assert_eq!(
            t["package"]
                .get("rust-version")
                .and_then(|v| v.get("workspace")),
            Some(&toml::Value::Boolean(true)),
            "{m}/Cargo.toml: add `rust-version.workspace = true`"
        );
    }
}

/// A `major.minor` version as a comparable pair (`"1.85.0"` → `(1, 85)`).
fn minor_version(v: &str) -> (u32, u32) {
    let mut it = v.split('.').map(|x| x.parse::<u32>().unwrap_or(0));
    (it.next().unwrap_or(0), it.next().unwrap_or(0))
}

/// The highest `rust-version` among the locked packages the workspace reaches:
/// over normal and build dependencies only, and over all (with dev-dependencies).
fn locked_rust_versions() -> ((u32, u32), (u32, u32)) {
    let o = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let version_of = |id: &str| {
        m["packages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .and_then(|p| p["rust_version"].as_str())
            .map_or((0, 0), minor_version)
    };
    let nodes = m["resolve"]["nodes"].as_array().unwrap();
    let members: Vec<&str> = m["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut max = [(0, 0), (0, 0)];
    for (i, with_dev) in [false, true].into_iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<&str> = members.clone();
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            if !members.contains(&id) {
                max[i] = max[i].max(version_of(id));
            }
            let node = nodes.iter().find(|n| n["id"] == id).unwrap();
            for d in node["deps"].as_array().unwrap() {
                let dev_only = d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|k| k["kind"] == "dev");
                // Dev-dependencies count only for the workspace's own packages.
                if !dev_only || (with_dev && members.contains(&id)) {
                    stack.push(d["pkg"].as_str().unwrap());
                }
            }
        }
    }
    (max[0], max[1])
}

#[test]
fn the_declared_rust_version_is_what_the_locked_dependencies_need() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let ws: toml::Table = toml::from_str(&manifest).unwrap();
    let declared = ws["workspace"]["package"]["rust-version"].as_str().unwrap();
    let (build, test) = locked_rust_versions();
    assert_eq!(
        minor_version(declared),
        build,
        "the program's locked dependencies need Rust {}.{}; Cargo.toml declares {declared}",
        build.0,
        build.1
    );
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let tests = format!("test suite needs Rust {}.{}", test.0, test.1);
    assert!(
        readme.contains(&tests),
        "README.md must say that the test suite needs Rust {}.{}",
        test.0,
        test.1
    );
}

/// The README's Python setup works on a Python that refuses `pip install`
/// outside a virtual environment (Debian's "externally-managed-environment"):
/// it makes one and activates it before any `pip`, and git ignores what the
/// commands leave (`.venv/`, `dist/`). `scripts/python-test` installs the
/// wheel the same way, with pip into a brand-new virtual environment.
#[test]
fn the_readme_python_setup_makes_a_virtual_environment_first() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let python = readme.split("## Python").nth(1).expect("a Python section");
    let block = python
        .split("```sh")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the setup commands");
    let venv = block
        .find("python3 -m venv .venv")
        .expect("a virtual environment");
    let activate = block.find(". .venv/bin/activate").expect("activated");
    let pip = block.find("pip install").expect("pip");
    assert!(venv < activate && activate < pip, "{block}");
    assert!(block.contains("-o dist") && block.contains("dist/carcassonne-*.whl"));
    let ignored = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    for entry in ["dist/", ".venv/"] {
        assert!(
            ignored.lines().any(|l| l.trim() == entry),
            ".gitignore lacks {entry}"
        );
    }
}

/// The plugins named in backquotes in `text`.
fn quoted_ids(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect();
    ids.sort();
    ids
}

#[test]
fn the_composition_table_gives_every_plugin_with_its_declared_order() {
    let text = std::fs::read_to_string(root().join("docs/composition.md")).unwrap();
    let table = text
        .split("## The shipped plugins")
        .nth(1)
        .and_then(|t| t.split("\n## ").next())
        .expect("the shipped plugins' table");
    let mut rows = std::collections::BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let id = cells[0]
            .trim_start_matches("| ")
            .trim_matches('`')
            .to_string();
        let order = cells
            .last()
            .unwrap()
            .trim_end_matches(" |")
            .trim_end_matches('|');
        // "after `a`, `b` and `c`, before `d`: why", or "—".
        let head = order.split(':').next().unwrap_or("");
        let (after, before) = match head.find("before") {
            Some(i) => (&head[..i], &head[i..]),
            None => (head, ""),
        };
        assert!(
            order.trim() == "—" || head.starts_with("after") || head.starts_with("before"),
            "{id}: {order}"
        );
        rows.insert(id, (quoted_ids(after), quoted_ids(before)));
    }
    let registry = crate::common::registry();
    // The shipped plugins: not the testing kit's (`kit-*`, compiled in for
    // the tests).
    let ids: Vec<String> = registry
        .ids()
        .filter(|id| !id.starts_with("kit-"))
        .map(String::from)
        .collect();
    assert_eq!(
        rows.keys().cloned().collect::<Vec<_>>(),
        {
            let mut sorted = ids.clone();
            sorted.sort();
            sorted
        },
        "a row for every built-in plugin"
    );
    for id in &ids {
        let info = registry.get(id).unwrap().info();
        let (mut after, mut before) = (info.runs_after.clone(), info.runs_before.clone());
        after.sort();
        before.sort();
        assert_eq!(rows[id], (after, before), "{id}: declared order");
    }
}

/// The `--flags` in `text`, each once, sorted.
fn flags(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.len() > 2 && w.starts_with("--") && !w.starts_with("---"))
        .map(String::from)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The README's command summary ("What you can do") names every option of
/// every subcommand, and none that the program lacks: the lines of one
/// subcommand (a line starting with spaces goes on the one before) against
/// its `--help`.
#[test]
fn the_readme_command_summary_names_every_option_of_every_subcommand() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme
        .split("## What you can do")
        .nth(1)
        .and_then(|t| t.split("```sh\n").nth(1))
        .and_then(|t| t.split("```").next())
        .expect("the command summary");
    let mut commands: Vec<(String, String)> = Vec::new();
    for line in block.lines() {
        let code = line.split("  # ").next().unwrap_or(line);
        if let Some(rest) = code.strip_prefix("carcassonne ") {
            // The subcommand: its words before the first argument.
            let words: Vec<&str> = rest
                .split_whitespace()
                .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase()))
                .collect();
            commands.push((words.join(" "), code.to_string()));
        } else if line.starts_with(' ') {
            commands.last_mut().expect("a command first").1 += code;
        }
    }
    assert!(commands.len() >= 12, "{commands:?}");
    for (sub, text) in &commands {
        let mut args: Vec<&str> = sub.split(' ').collect();
        args.push("--help");
        let help = crate::cli::stdout(&crate::cli::run(&args));
        // The options' lines (`-o, --output <OUT>  ...`): their names, short
        // and long, before the explanation.
        let options: Vec<(Option<&str>, String)> = help
            .split("Options:")
            .nth(1)
            .unwrap_or_else(|| panic!("{sub}: {help}"))
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with('-'))
            .map(|l| {
                let names = l.split("  ").next().unwrap_or(l);
                let short = names.strip_prefix('-').and_then(|r| {
                    (r.chars().next().is_some_and(|c| c != '-')).then(|| &names[..2])
                });
                (short, flags(names).into_iter().next().unwrap_or_default())
            })
            .filter(|(_, long)| long != "--help")
            .collect();
        let words: Vec<&str> = text
            .split_whitespace()
            .map(|w| w.trim_start_matches('['))
            .collect();
        for (short, long) in &options {
            assert!(
                flags(text).contains(long) || short.is_some_and(|s| words.contains(&s)),
                "`carcassonne {sub}` in the README lacks {long}"
            );
        }
        for f in flags(text) {
            assert!(
                options.iter().any(|(_, long)| *long == f),
                "`carcassonne {sub}` has no {f}, which the README gives it"
            );
        }
    }
}

#[test]
fn the_flag_finder_finds_flags_once() {
    assert_eq!(
        flags("a [--json [--timing]] --json, `--x-y` ---- -- -q"),
        ["--json", "--timing", "--x-y"]
    );
}
