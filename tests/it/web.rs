//! What the browser shows a player, over random games of every shipped
//! ruleset: the figure choices on the board never overlap, every choice reads
//! differently, and a plugin's decision names the player once.

use crate::common::rules;
use carcassonne_core::{Action, Game, Rng};
use carcassonne_web::seats::{Seat, SeatKind};
use carcassonne_web::{view, BotFactory, BotPlayer, LoadedRuleset, Session};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Plays a uniformly random legal action.
struct Random(Rng);

impl BotPlayer for Random {
    fn choose(&mut self, g: &Game) -> Result<Action, String> {
        let legal = g.legal_actions().map_err(|e| e.to_string())?;
        let i = self.0.below(legal.len() as u32) as usize;
        legal
            .get(i)
            .copied()
            .ok_or_else(|| "no legal action".into())
    }
}

/// The choice circles of a board picture: `(x, y, r)`.
fn circles(svg: &str) -> Vec<(f64, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("choice"))
        .filter_map(|g| g.children().find(|c| c.has_tag_name("circle")))
        .map(|c| {
            let a = |k: &str| c.attribute(k).unwrap().parse::<f64>().unwrap();
            (a("cx"), a("cy"), a("r"))
        })
        .collect()
}

#[test]
fn figure_choices_never_overlap_and_every_label_and_prompt_reads_once() {
    let make: BotFactory =
        Arc::new(|_, seed| Ok(Box::new(Random(Rng::new(seed))) as Box<dyn BotPlayer>));
    let (mut steps, mut crowded, mut refined, mut decisions) = (0, 0, 0, 0);
    let mut elsewhere = 0;
    for (file, text) in carcassonne_host::shipped::SHIPPED {
        let ruleset = Arc::new(LoadedRuleset {
            name: (*file).into(),
            origin: (*file).into(),
            description: String::new(),
            players: 2,
            provenance: carcassonne_core::Provenance::bare(file, text),
            rules: rules(text),
            style: Default::default(),
        });
        for (seed, players) in [(1u64, 3usize)] {
            let seats = (0..players)
                .map(|_| Seat::new(SeatKind::Bot("random".into())).unwrap())
                .collect();
            let mut s = Session::new(ruleset.clone(), seed, seats).unwrap();
            while let Some(p) = s.actor() {
                if s.game().drawn_tile().is_some() {
                    // Placing a tile: no choices.
                    s.bot_move(&make).unwrap();
                    continue;
                }
                let v = view::view(&s, "t", Some(p)).unwrap();
                let colour = carcassonne_render::log::NAMES[p as usize];
                let who = format!("{colour} (random)");
                assert!(
                    v.prompt.starts_with(&format!("{who}: "))
                        && !v.prompt.starts_with(&format!("{who}: {colour}:")),
                    "{file}: `{}`",
                    v.prompt
                );
                if !v.choices.is_empty() {
                    steps += 1;
                    let labels: BTreeSet<&str> =
                        v.choices.iter().map(|c| c.label.as_str()).collect();
                    assert_eq!(
                        labels.len(),
                        v.choices.len(),
                        "{file} seed {seed}: two choices read the same: {:?}",
                        v.choices
                    );
                    refined += usize::from(labels.iter().any(|l| l.contains(" part)")));
                    decisions += usize::from(!v.prompt.contains("deploy a figure"));
                    let cs = circles(&v.board);
                    crowded += usize::from(cs.len() > 2);
                    // Circles on tiles other than the one just placed (a
                    // portal's, a wagon's): more than a tile's worth apart.
                    let spread = |f: fn(&(f64, f64, f64)) -> f64| {
                        let (lo, hi) = cs
                            .iter()
                            .map(f)
                            .fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
                        hi - lo
                    };
                    elsewhere += usize::from(
                        spread(|c| c.0) > 2.0 * carcassonne_render::S
                            || spread(|c| c.1) > 2.0 * carcassonne_render::S,
                    );
                    for (i, a) in cs.iter().enumerate() {
                        for b in &cs[..i] {
                            let d = (a.0 - b.0).hypot(a.1 - b.1);
                            assert!(
                                d >= a.2 + b.2,
                                "{file} seed {seed} turn {}: choice circles overlap: {cs:?}",
                                v.turn
                            );
                        }
                    }
                }
                s.bot_move(&make).unwrap();
            }
        }
    }
    eprintln!(
        "{steps} choice steps, {crowded} with three circles or more, {refined} with labels \
         naming parts of sides, {decisions} plugin decisions, {elsewhere} with circles on \
         other tiles"
    );
    assert!(crowded > 50 && refined > 5 && decisions > 10 && elsewhere > 0);
}

/// Each seat's tiles in hand (the abbey) reach a viewer only through what he
/// observes: a player's view shows his observation's hands, a spectator's
/// what every player observes.
#[test]
fn tiles_in_hand_are_shown_as_each_viewer_observes_them() {
    let text = crate::common::config_text("abbey-and-mayor.toml");
    let ruleset = Arc::new(LoadedRuleset {
        name: "abbey".into(),
        origin: "test".into(),
        description: String::new(),
        players: 2,
        provenance: carcassonne_core::Provenance::bare("abbey", &text),
        rules: rules(&text),
        style: Default::default(),
    });
    let seats = (0..3)
        .map(|_| Seat::new(SeatKind::Person).unwrap())
        .collect();
    let s = Session::new(ruleset, 4, seats).unwrap();
    let g = s.game();
    let mut shown = 0;
    for you in [Some(0u8), Some(2), None] {
        let v = view::view(&s, "t", you).unwrap();
        for q in 0..3u8 {
            let seen = match you {
                Some(p) => g
                    .observation(carcassonne_core::PlayerId::ALL[usize::from(p)])
                    .unwrap()
                    .hands[q as usize]
                    .clone(),
                None => {
                    let public = view::public_observation(g).unwrap();
                    serde_json::from_value(public["hands"][q as usize].clone()).unwrap()
                }
            };
            assert_eq!(v.seats[q as usize].hand, seen, "{you:?} sees seat {q}");
            shown += seen.len();
        }
    }
    assert!(shown >= 9, "every seat holds its abbey: {shown}");
}

/// The view lists the squares the drawn tile's sides fit that a plugin's rule
/// refuses, each with the reason the engine gives for placing the tile there
/// (the river: a river tile must continue the river).
#[test]
fn a_refused_square_shows_the_engines_reason() {
    let text = crate::common::config_text("the-river.toml");
    let mut listed = 0;
    for seed in 0..6 {
        let ruleset = Arc::new(LoadedRuleset {
            name: "river".into(),
            origin: "test".into(),
            description: String::new(),
            players: 2,
            provenance: carcassonne_core::Provenance::bare("river", &text),
            rules: rules(&text),
            style: Default::default(),
        });
        let seats = (0..2)
            .map(|_| Seat::new(SeatKind::Person).unwrap())
            .collect();
        let s = Session::new(ruleset, seed, seats).unwrap();
        let v = view::view(&s, "t", Some(0)).unwrap();
        assert!(
            !v.placements.is_empty(),
            "seed {seed}: a river tile to place"
        );
        for r in &v.refused {
            assert_eq!(
                r.why,
                "a river tile must continue the river with one of its river sides (plugin `river`)",
                "seed {seed}"
            );
            // The same reason as the engine's error for placing it there.
            let mut g = s.game().clone();
            let e = (0..4u8)
                .filter_map(|rot| {
                    let p = carcassonne_core::Placement::new(
                        carcassonne_core::Pos::new(r.x, r.y),
                        carcassonne_core::Rotation::wrapping(usize::from(rot)),
                    );
                    g.apply(carcassonne_core::Action::Place(p)).err()
                })
                .map(|e| e.to_string())
                .find(|e| e.ends_with(&r.why));
            assert!(e.is_some(), "seed {seed}: {r:?}");
            listed += 1;
        }
        // The other viewer sees none.
        assert!(view::view(&s, "t", Some(1)).unwrap().refused.is_empty());
    }
    assert!(listed >= 3, "{listed}");
}

/// While the river lasts, the view says which tiles come next: the river's
/// tiles (named), then the lake, then the land tiles (counted); a game with
/// no draw filter says nothing more than the tiles left.
#[test]
fn the_view_says_which_tiles_come_next_during_the_river() {
    let session = |file: &str, seed: u64| {
        let text = crate::common::config_text(file);
        let ruleset = Arc::new(LoadedRuleset {
            name: file.into(),
            origin: "test".into(),
            description: String::new(),
            players: 2,
            provenance: carcassonne_core::Provenance::bare(file, &text),
            rules: rules(&text),
            style: Default::default(),
        });
        let seats = (0..2)
            .map(|_| Seat::new(SeatKind::Person).unwrap())
            .collect();
        Session::new(ruleset, seed, seats).unwrap()
    };
    for seed in 0..3 {
        let s = session("the-river.toml", seed);
        for seat in [Some(0), Some(1), None] {
            let v = view::view(&s, "t", seat).unwrap();
            // Red places the first river tile: 9 more river tiles, the lake,
            // the 72 land tiles.
            let counts: Vec<u32> = v.coming.iter().map(|c| c.count).collect();
            assert_eq!(counts, [9, 1, 72], "seed {seed}");
            assert!(v.coming[0].tiles.iter().all(|t| t.starts_with("RI.1/")));
            let named: u32 = v.coming[0]
                .tiles
                .iter()
                .map(|t| t.rsplit_once(" ×").map_or(1, |(_, n)| n.parse().unwrap()))
                .sum();
            assert_eq!(named, 9);
            assert_eq!(v.coming[1].tiles, ["RI.1/I.e"]);
            assert!(v.coming[2].tiles.is_empty());
            assert_eq!(counts.iter().sum::<u32>() as usize, v.tiles_left);
        }
    }
    // River II: the fork first, alone.
    let v = view::view(&session("the-river-ii.toml", 0), "t", Some(0)).unwrap();
    let counts: Vec<u32> = v.coming.iter().map(|c| c.count).collect();
    assert_eq!(counts, [9, 1, 72]);
    assert_eq!(v.coming[1].tiles, ["RI.2/I.v"]);
    assert!(view::view(&session("base.toml", 0), "t", Some(0))
        .unwrap()
        .coming
        .is_empty());
}

/// `carcassonne serve` on a file that is no database (or a damaged one)
/// stops at once: exit code 1, one line on standard error naming the file and
/// what to do, no panic, and the file left byte for byte as it was.
#[test]
fn serve_refuses_a_damaged_database_in_one_line_and_leaves_it_as_it_was() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-damaged-db");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite3");
    let junk: Vec<u8> = (0..6000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&db, &junk).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty(), "it never listened");
    assert_eq!(err.lines().count(), 1, "{err}");
    let file = db.display().to_string();
    for part in [
        "error: the game database ",
        file.as_str(),
        "is not a database, or it is damaged",
        "move it aside",
        "--db FILE",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), junk, "the file is as it was");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "no -wal or -shm file beside it: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--max-record-kib` beyond 16384 (16 MiB, the largest file `replay`
/// reads) is refused when the server starts, and 0 (which would refuse every
/// record); the bounds are accepted.
#[test]
fn serve_refuses_an_upload_limit_beyond_what_replay_reads() {
    let serve = |kib: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["serve", "--port", "0", "--db", ":memory:"])
            .args(["--max-record-kib", kib, "--help"])
            .output()
            .unwrap()
    };
    for bad in ["0", "16385"] {
        let out = serve(bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!(
                "invalid value '{bad}' for '--max-record-kib <KIB>': {bad} is not in 1..=16384"
            )),
            "{err}"
        );
    }
    for good in ["1", "16384"] {
        assert!(serve(good).status.success(), "{good}");
    }
}
