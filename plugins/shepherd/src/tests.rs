//! Unit tests of the declarations, options and packed words.

use super::*;

fn step(tag: u16, chance: bool) -> Step {
    Step {
        owner: 0,
        tag,
        chance,
        player: PlayerId::ALL[2],
        among: 0,
        arg: pack_field(3, Pos::new(-4, 7)),
    }
}

#[test]
fn declarations_are_valid() {
    carcassonne_plugin_sdk::testing::check_plugin::<Shepherd>().unwrap();
    assert_eq!(BAG_AT_SETUP.iter().sum::<u32>(), TOKENS);
    assert_eq!(BAG_AT_SETUP[WOLF as usize], 2);
}

#[test]
fn state_is_one_word_per_field_three_per_player_and_five_per_game() {
    assert_eq!(Shepherd::STATE.game, 5);
    assert_eq!(Shepherd::STATE.player, 3);
    assert_eq!(Shepherd::STATE.feature, 1);
}

#[test]
fn subscriptions_follow_the_flock_action() {
    let after = Shepherd::new(Options::default()).unwrap();
    assert_eq!(after.subscriptions() & hook::BEFORE_FIGURE, 0);
    assert_ne!(after.subscriptions() & hook::AFTER_FIGURE, 0);
    let before = Shepherd::new(Options {
        flock_action: FlockAction::BeforeFollower,
        ..Options::default()
    })
    .unwrap();
    assert_ne!(before.subscriptions() & hook::BEFORE_FIGURE, 0);
    assert_eq!(before.subscriptions() & hook::AFTER_FIGURE, 0);
}

#[test]
fn shepherds_per_player_sets_the_figure_count() {
    let two = Shepherd::new(Options {
        shepherds_per_player: 2,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(two.figure_count(0), 2);
    assert_eq!(
        Shepherd::new(Options::default()).unwrap().figure_count(0),
        1
    );
    // Out of its bounds (`Config::RANGES`): refused where the options are read.
    for bad in [0, 4, -1] {
        let e = carcassonne_plugin_sdk::parse_options::<Options>(&format!(
            "shepherds-per-player = {bad}"
        ))
        .unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("shepherds-per-player"));
        assert_eq!(
            e.problems[0].1,
            format!("expected a whole number from 1 to 3, found {bad}")
        );
    }
}

#[test]
fn names_round_trip() {
    let p = Shepherd::new(Options::default()).unwrap();
    for (tag, chance, n) in [
        (TAG_FLOCK, false, 2),
        (TAG_DEPLOY_DRAW, true, 5),
        (TAG_GROW_DRAW, true, 5),
    ] {
        let what = NameCtx::Step(step(tag, chance));
        for v in 0..n {
            let name = p.value_name(what, v);
            assert_eq!(p.parse_value(what, &name), Some(v), "{name}");
        }
        assert_eq!(p.parse_value(what, "sheep-5"), None);
    }
    let flock = NameCtx::Step(step(TAG_FLOCK, false));
    assert_eq!(p.value_name(flock, GROW), "grow");
    assert_eq!(p.value_name(flock, HERD), "herd");
    let draw = NameCtx::Step(step(TAG_GROW_DRAW, true));
    assert_eq!(p.value_name(draw, 2), "sheep-3");
    assert_eq!(p.value_name(draw, WOLF), "wolf");
    assert_eq!(p.parse_value(flock, "wolf"), None);
    assert_eq!(p.parse_value(NameCtx::Special, "grow"), None);
    assert_eq!(
        p.value_label(flock, GROW),
        "Let the flock grow (draw a token)"
    );
    assert_eq!(p.value_label(flock, HERD), "Herd the flock (score it)");
    assert_eq!(p.value_label(draw, WOLF), "", "a chance outcome: no label");
    assert_eq!(
        p.describe_step(step(TAG_FLOCK, false)),
        "{P2}: grow or herd the flock on the field at (-4, 7)"
    );
}

#[test]
fn field_arguments_and_flock_words_pack() {
    for (l, x, y) in [(0, 0, 0), (11, -2048, 2047), (5, 300, -300)] {
        assert_eq!(
            unpack_field(pack_field(l, Pos::new(x, y))),
            (l, Pos::new(x, y))
        );
    }
    // Positions beyond the packed range are clamped (they only label the step).
    assert_eq!(
        unpack_field(pack_field(1, Pos::new(5000, -5000))).1,
        Pos::new(2047, -2048)
    );
    let w = FlockWord::deployed(37)
        .with_token(2)
        .unwrap()
        .with_token(3)
        .unwrap();
    assert_eq!((w.turn(), w.tokens(), w.sheep()), (37, 2, 7));
    assert_eq!(w.with_token(4), None, "a wolf is no sheep token");
    let words = [
        [w.0],
        [0],
        [FlockWord::deployed(2).with_token(0).unwrap().0],
    ];
    let (bag, board) = tokens_in_play(&[4, 5, 4, 1, 2], words.iter().map(|x| &x[..]));
    assert_eq!((bag, board), (16, 3));
}
