//! No panic on any input: randomly damaged rulesets, tile sets, records and
//! action texts give errors, never a crash.

use crate::common::*;
use carcassonne_core::{Driver, Game, Record, Rng};

/// `text` with a few random bytes replaced, deleted or duplicated (kept valid UTF-8).
fn damage(text: &str, rng: &mut Rng) -> String {
    let mut b: Vec<u8> = text.bytes().collect();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            break;
        }
        let i = rng.below(b.len() as u32) as usize;
        match rng.below(3) {
            0 => b[i] = b" =[]{}\"#.,-0123456789abcxyz\n"[rng.below(28) as usize],
            1 => {
                b.remove(i);
            }
            _ => {
                let c = b[i];
                b.insert(i, c);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn damaged_rulesets_and_tile_sets_are_errors_not_panics() {
    let reg = registry();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rng = Rng::new(2024);
    let texts: Vec<String> = [
        "configs/hills-and-sheep.toml",
        "configs/classic-farmers.toml",
        "configs/tilesets/hills-and-sheep.toml",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(root.join(p)).unwrap())
    .collect();
    let mut errors = 0;
    for _ in 0..300 {
        let ruleset = damage(&texts[rng.below(2) as usize], &mut rng);
        if carcassonne_host::load_str(&ruleset, "damaged.toml", None, &reg).is_err() {
            errors += 1;
        }
        let tiles = damage(&texts[2], &mut rng);
        if let Ok(set) = carcassonne_host::tilesets::parse(&tiles, "damaged") {
            let _ = carcassonne_core::TileCatalogue::build(&[set], "C2");
        }
    }
    assert!(
        errors > 100,
        "most damaged rulesets are rejected ({errors})"
    );
}

#[test]
fn damaged_records_and_actions_are_errors_not_panics() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("tests/golden/hills-and-sheep-2p-seed11.json")).unwrap();
    let good = Record::from_json(&text).unwrap();
    let rules = rules(&good.ruleset);
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        // Damaged JSON.
        let _ = Record::from_json(&damage(&text, &mut rng));
        // A damaged action somewhere in a valid record.
        let mut rec = good.clone();
        let i = rng.below(rec.actions.len() as u32) as usize;
        rec.actions[i] = damage(&rec.actions[i], &mut rng);
        let mut g = Game::new(rules.clone(), rec.players, rec.seed).unwrap();
        let _ = Driver::new(&rec.forced).replay(&mut g, &rec.actions);
    }
    // Arbitrary action texts in every kind of state of a real game.
    let mut g = Game::new(rules.clone(), 2, 3).unwrap();
    let mut bot = Rng::new(9);
    let junk = [
        "",
        "place",
        "place 1",
        "place a b c",
        "place 99999 0 0",
        "place 0 0 9",
        "deploy",
        "deploy follower",
        "deploy follower 200",
        "deploy giant 0",
        "deploy follower city Q",
        "deploy follower road",
        "shepherd",
        "shepherd fly",
        "hills up",
        "draw",
        "draw XX/none",
        "hidden BA/C",
        "pass pass",
        "shepherd wolf",
        "abbot recall",
    ];
    while g.step_random(&mut bot).unwrap() {
        for j in junk {
            if let Ok(a) = g.parse_action(j) {
                let mut c = g.clone();
                let _ = c.apply(a);
            }
        }
    }
}
