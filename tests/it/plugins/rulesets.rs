//! Ruleset problems with plugins (dependencies, conflicts, cycles, misspelt
//! ids and options), located; and the plugin order `ruleset show` prints.

use super::*;

#[test]
fn a_missing_dependency_is_located() {
    let o = kit_check("dep", &format!("{HEAD}[plugins.kit-needs-base]\n"));
    assert_clean_failure(
        &o,
        ":3:10: plugin `kit-needs-base` needs plugin `kit-base`: add `[plugins.kit-base]`",
    );
}

#[test]
fn conflicting_plugins_are_located() {
    let o = kit_check(
        "conflict",
        &format!("{HEAD}[plugins.kit-rival]\n[plugins.kit-base]\n"),
    );
    assert_clean_failure(&o, "plugin `kit-rival` conflicts with plugin `kit-base`");
    assert_clean_failure(&o, ":3:10:");
}

#[test]
fn a_dependency_cycle_names_the_cycle() {
    let o = kit_check(
        "cycle",
        &format!("{HEAD}[plugins.kit-cycle-a]\n[plugins.kit-cycle-b]\n"),
    );
    assert_clean_failure(
        &o,
        "plugin dependency cycle: kit-cycle-a -> kit-cycle-b -> kit-cycle-a",
    );
}

#[test]
fn a_misspelt_plugin_id_gets_a_suggestion() {
    let o = kit_check("misspelt", &format!("{HEAD}[plugins.kit-everythin]\n"));
    assert_clean_failure(
        &o,
        ":3:10: unknown plugin `kit-everythin` (did you mean `kit-everything`? otherwise load \
         it with --plugin-dir DIR)",
    );
}

#[test]
fn an_unknown_option_key_gets_a_suggestion() {
    let o = kit_check(
        "key",
        &format!("{HEAD}[plugins.kit-everything]\nbonsu = 2\n"),
    );
    assert_clean_failure(
        &o,
        ":4:1: plugin `kit-everything` has no option `bonsu` (did you mean `bonus`?)",
    );
}

#[test]
fn a_bad_option_value_is_located() {
    let o = kit_check(
        "value",
        &format!("{HEAD}[plugins.kit-everything]\nbonus = \"lots\"\n"),
    );
    assert_clean_failure(
        &o,
        ":4:1: plugin `kit-everything` option `bonus`: expected a whole number, found the string \"lots\"",
    );
    let o = kit_check(
        "value2",
        &format!("{HEAD}[plugins.kit-faulty]\nhook = \"pionts\"\nmode = \"explode\"\n"),
    );
    assert_clean_failure(
        &o,
        ":5:1: plugin `kit-faulty` option `mode`: unknown variant `explode`",
    );
}

#[test]
fn every_problem_is_listed_at_once() {
    let o = kit_check(
        "many",
        &format!(
            "{HEAD}[plugins.kit-needs-base]\n[plugins.kit-everythin]\n[plugins.kit-everything]\nbonsu = 1\n"
        ),
    );
    let e = text(&o.stderr);
    assert!(e.contains("needs plugin `kit-base`"), "{e}");
    assert!(e.contains("unknown plugin `kit-everythin`"), "{e}");
    assert!(e.contains("no option `bonsu`"), "{e}");
    assert!(e.contains("3 problems found"), "{e}");
}

#[test]
fn plugins_run_in_dependency_order_and_show_fills_defaults() {
    let r = write_ruleset(
        "order",
        &format!("{HEAD}[plugins.kit-needs-base]\n[plugins.kit-everything]\n[plugins.kit-base]\n"),
    );
    let o = run(&[
        "ruleset",
        "show",
        r.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let pos = |s: &str| out.find(s).unwrap_or_else(|| panic!("no `{s}` in\n{out}"));
    assert!(
        pos("[plugins.kit-base]") < pos("[plugins.kit-everything]"),
        "{out}"
    );
    assert!(
        pos("[plugins.kit-everything]") < pos("[plugins.kit-needs-base]"),
        "{out}"
    );
    assert!(
        out.contains("[plugins.kit-everything]\nbonus = 1\n"),
        "{out}"
    );
    // The output is itself a valid ruleset.
    let again = write_ruleset("order-again", &out);
    let o = run(&[
        "ruleset",
        "check",
        again.to_str().unwrap(),
        "--plugin-dir",
        kit_dir().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}
