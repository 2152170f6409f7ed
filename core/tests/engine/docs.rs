//! The documentation lists the hooks where the code defines them: ARCHITECTURE.md's
//! pipeline table names every hook of the hook table, in its order.

use carcassonne_core::hook;

#[test]
fn architecture_lists_every_hook_in_pipeline_order() {
    let text = include_str!("../../../ARCHITECTURE.md");
    let start = text
        .find("## The turn pipeline and its hooks, in order")
        .expect("the pipeline section");
    let section = &text[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let listed: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(2))
        .filter_map(|cell| {
            let cell = cell.trim();
            cell.strip_prefix('`')?.strip_suffix('`')
        })
        .collect();
    assert_eq!(
        listed,
        hook::NAMES,
        "ARCHITECTURE.md's hook table is out of date"
    );
}
