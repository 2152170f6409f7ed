//! The Traders & Builders rulesets as a whole: `configs/traders-and-builders*.toml`
//! pass the conformance kit at 2, 4 and 6 players with the expansion's own
//! invariants, play identically with the plugins compiled in and loaded from their
//! libraries, and the random games really exercise double turns, pigs and goods.

use crate::common::*;
use carcassonne_bots::{Bot, BotSpec, Greedy};
use carcassonne_core::conformance::{run as conformance, Options};
use carcassonne_core::PlayerId;
use carcassonne_core::{Actor, FigureId, Game};
use std::cell::Cell;

/// The shipped Traders & Builders rulesets.
const RULESETS: [&str; 3] = [
    "traders-and-builders.toml",
    "traders-and-builders-hills-and-sheep.toml",
    "big-box.toml",
];

/// Goods tokens in the game (TB1): 9 wine, 6 grain and 5 cloth.
const TOKENS: [u32; 3] = [9, 6, 5];

/// Every player's tokens, per kind.
fn tokens(g: &Game) -> Vec<[u32; 3]> {
    let p = g.rules().plugin_index("trade-goods").expect("trade-goods");
    PlayerId::all(g.players())
        .map(|q| {
            let w = g.plugin_player_state(p, q).expect("state");
            [w[0], w[1], w[2]]
        })
        .collect()
}

/// The expansion's invariants in any reachable state: no more tokens taken than
/// printed (TB1, TB6); a builder on the board shares its road or city with a
/// follower of its owner (TB10, TB15), a pig its field with a farmer of its owner
/// (TB19, TB20).
fn invariants(g: &Game) -> Result<(), String> {
    let taken = tokens(g);
    for k in 0..3 {
        let n: u32 = taken.iter().map(|t| t[k]).sum();
        if n > TOKENS[k] {
            return Err(format!(
                "{n} tokens of kind {k} taken, only {} exist",
                TOKENS[k]
            ));
        }
    }
    let r = g.rules();
    let special = [r.figure_kind("builder"), r.figure_kind("pig")];
    for fig in (0..g.figure_count() as u16).map(FigureId) {
        if !special.contains(&g.figure_kind(fig)) {
            continue;
        }
        let (Some(owner), Some(f)) = (g.figure_owner(fig), g.figure_feature(fig)) else {
            continue;
        };
        let lonely = !g.figures_in(f).any(|x| {
            g.figure_owner(x) == Some(owner)
                && g.figure_kind(x)
                    .is_some_and(|k| r.figures[k.index()].follower)
        });
        if lonely {
            return Err(format!(
                "figure {fig} of P{owner} has no follower of his beside it"
            ));
        }
    }
    Ok(())
}

/// What random games exercised: double turns, pigs placed, goods taken.
#[derive(Clone, Copy, Default)]
struct Seen {
    double_turns: u32,
    pigs: u32,
    tokens: u32,
}

#[test]
fn traders_rulesets_pass_the_conformance_kit_at_2_4_and_6_players() {
    for name in RULESETS {
        let r = config(name);
        let seen = Cell::new(Seen::default());
        let pig = r.figure_kind("pig").unwrap();
        let builder = r.plugin_index("builder").unwrap();
        let extra = |g: &Game| {
            let mut s = seen.get();
            if g.turn_granted_by() == Some(builder) && g.actor() == Actor::Chance {
                s.double_turns += 1;
            }
            s.pigs += PlayerId::all(g.players())
                .map(|p| u32::from(g.supply(p, pig) == 0))
                .sum::<u32>();
            s.tokens = s.tokens.max(tokens(g).iter().flatten().sum::<u32>());
            seen.set(s);
            invariants(g)
        };
        for (players, games) in [(2, 60), (4, 30), (6, 20)] {
            let opts = Options {
                games,
                players,
                first_seed: u64::from(players) * 100,
                try_every_action: false,
                ..Options::default()
            };
            let report = conformance(&r, opts, &extra).unwrap_or_else(|f| panic!("{name}: {f}"));
            assert_eq!(report.games, games, "{name}");
        }
        let s = seen.get();
        assert!(
            s.double_turns >= 5 && s.pigs > 50 && s.tokens >= 3,
            "{name}: {} double-turn states, {} pig states, {} tokens at most",
            s.double_turns,
            s.pigs,
            s.tokens
        );
        let opts = Options {
            games: 3,
            players: 3,
            first_seed: 9,
            try_every_action: true,
            ..Options::default()
        };
        conformance(&r, opts, &invariants).unwrap_or_else(|f| panic!("{name}: {f}"));
    }
}

#[test]
fn traders_same_compiled_in_and_loaded() {
    for name in RULESETS {
        let text = config_text(name);
        for players in [2, 4] {
            assert_same_compiled_in_and_loaded(&text, players, 0..3);
        }
    }
}

#[test]
fn traders_rulesets_enable_the_three_plugins_with_their_defaults() {
    for name in RULESETS {
        let r = config(name);
        for id in ["trade-goods", "builder", "pig"] {
            assert!(r.plugin_index(id).is_some(), "{name}: {id}");
        }
        let tiles = match name {
            "traders-and-builders.toml" => 72 + 24,
            "traders-and-builders-hills-and-sheep.toml" => 72 + 18 + 24,
            _ => 72 + 18 + 18 + 24,
        };
        assert_eq!(r.tiles.total(), tiles, "{name}");
    }
}

/// Games opening with a builder's double turn, then played at random to the
/// end, every decision recorded: they replay exactly.
#[test]
fn a_recorded_game_with_double_turns_replays_exactly() {
    let opening = "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy builder road W
         draw BA/L; place 1 1 0; pass
         draw BA/RFr; place -1 0 0; pass; builder double
         draw BA/RFr; place 3 0 0; pass";
    for name in RULESETS {
        let r = config(name);
        for seed in 0..2 {
            let record = record_replays_exactly(&r, 2, seed, opening);
            assert!(
                record.actions.iter().any(|a| a == "builder double"),
                "{name}"
            );
            assert!(record.scores.is_some(), "{name}: finished");
        }
    }
}

#[test]
fn traders_greedy_bot_takes_the_double_turn() {
    // TB13: at the decision, a second tile is worth more than none.
    let mut g = Game::new(config("traders-and-builders.toml"), 2, 0).unwrap();
    run_on(
        &mut g,
        "draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy builder road W
         draw BA/L; place 1 1 0; pass
         draw BA/RFr; place -1 0 0; pass",
    )
    .unwrap();
    for seed in 0..5 {
        let a = Greedy::new(seed).choose(&g).unwrap();
        assert_eq!(g.format_action(a), "builder double", "seed {seed}");
    }
}

#[test]
fn traders_random_and_greedy_bots_play_every_new_decision() {
    // Greedy against random on the full ruleset: the games end, and both bots
    // place builders and pigs and take double turns.
    let r = config("traders-and-builders-hills-and-sheep.toml");
    let specs: Vec<BotSpec> = vec![BotSpec::Greedy, BotSpec::Random];
    let mut seen = [[0u32; 3]; 2];
    for seed in 0..4 {
        let mut g = Game::new(r.clone(), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = specs
            .iter()
            .enumerate()
            .map(|(p, s)| s.build(seed + p as u64))
            .collect();
        play_bots(&mut g, &mut bots, |p, text| {
            for (i, what) in ["builder double", "deploy builder", "deploy pig"]
                .iter()
                .enumerate()
            {
                seen[usize::from(p)][i] += u32::from(text.starts_with(what));
            }
        });
        assert!(g.is_over());
    }
    // The random bot's double turns are rare (it seldom extends its builder's
    // feature); the conformance games above take them.
    assert!(seen[0].iter().all(|&n| n > 0), "greedy: {:?}", seen[0]);
    assert!(seen[1][1] > 0 && seen[1][2] > 0, "random: {:?}", seen[1]);
}

#[test]
fn the_board_picture_draws_the_builder_and_the_pig_with_shapes_of_their_own() {
    // Red's farmer north of the start and his pig joining it (TB19); Blue's
    // follower on the road east of the start and his builder extending it
    // (TB10).
    let g = run(
        &config("traders-and-builders.toml"),
        2,
        "draw BA/CFC; place 0 -1 0; deploy follower field E
         draw BA/C; place 0 -2 2; deploy follower field N
         draw BA/C; place -1 -1 3; deploy pig 1
         draw BA/RFr; place 1 0 0; deploy follower road W
         draw BA/L; place 0 1 0; pass
         draw BA/RFr; place 2 0 0; deploy builder road W",
    )
    .unwrap();
    let style = carcassonne_render::Style::default();
    let svg = carcassonne_render::board(&g, &carcassonne_render::Options::default(), &style);
    crate::render::assert_drawn_with_own_shapes(&svg, &["builder", "pig"]);
    // In their owners' colours.
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    for (kind, seat) in [("pig", 0), ("builder", 1)] {
        let fig = doc
            .descendants()
            .find(|n| n.attribute("data-kind") == Some(kind))
            .expect(kind);
        assert_eq!(fig.attribute("data-owner"), Some(seat.to_string().as_str()));
        let color = style.player_color(Some(seat));
        assert!(
            fig.descendants()
                .any(|c| c.attribute("fill") == Some(color.as_str())),
            "{kind}: {svg}"
        );
    }
}

#[test]
fn traders_simulate_shows_extra_turns_and_goods_points() {
    use crate::cli::{root, run, stderr, stdout};
    let ruleset = root().join("configs/traders-and-builders.toml");
    let args = |json: bool| {
        let mut a = vec![
            "simulate",
            "--games",
            "6",
            "--bots",
            "greedy",
            "--threads",
            "1",
            "--ruleset",
            ruleset.to_str().unwrap(),
        ];
        if json {
            a.push("--json");
        }
        a
    };
    let o = run(&args(true));
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let extra = v["mean_granted_turns"].as_f64().unwrap();
    let goods = v["mean_points_by_category"]["trade-goods"]
        .as_f64()
        .unwrap();
    let pig = v["mean_points_by_category"]["pig"].as_f64().unwrap();
    assert!(extra > 1.0 && goods > 1.0 && pig > 0.0, "{v}");
    // Granted turns are turns too: each game has its tiles' turns plus the extra ones.
    assert!(v["mean_turns"].as_f64().unwrap() > extra);
    let o = run(&args(false));
    let text = stdout(&o);
    assert!(
        text.contains(&format!("({extra:.2} extra turns granted by plugins)")),
        "{text}"
    );
    assert!(text.contains(&format!("trade-goods {goods:.2}")), "{text}");
}
