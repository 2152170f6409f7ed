//! The rulesets shipped in `configs/`, embedded in the program so that front ends
//! (the browser) offer them without reading files.

/// `(file name, TOML text)` of each shipped ruleset; the default one first.
pub const SHIPPED: &[(&str, &str)] = &[
    ("hills-and-sheep.toml", crate::ruleset::DEFAULT_RULESET),
    (
        "hills-and-sheep-blank-underlays.toml",
        include_str!("../../configs/hills-and-sheep-blank-underlays.toml"),
    ),
    (
        "hills-and-sheep-abbot.toml",
        include_str!("../../configs/hills-and-sheep-abbot.toml"),
    ),
    ("base.toml", include_str!("../../configs/base.toml")),
    (
        "classic-farmers.toml",
        include_str!("../../configs/classic-farmers.toml"),
    ),
    (
        "princess-and-dragon.toml",
        include_str!("../../configs/princess-and-dragon.toml"),
    ),
    (
        "hills-and-sheep-princess-and-dragon.toml",
        include_str!("../../configs/hills-and-sheep-princess-and-dragon.toml"),
    ),
    (
        "inns-and-cathedrals.toml",
        include_str!("../../configs/inns-and-cathedrals.toml"),
    ),
    (
        "hills-and-sheep-inns-and-cathedrals.toml",
        include_str!("../../configs/hills-and-sheep-inns-and-cathedrals.toml"),
    ),
    (
        "traders-and-builders.toml",
        include_str!("../../configs/traders-and-builders.toml"),
    ),
    (
        "traders-and-builders-hills-and-sheep.toml",
        include_str!("../../configs/traders-and-builders-hills-and-sheep.toml"),
    ),
    ("big-box.toml", include_str!("../../configs/big-box.toml")),
    (
        "abbey-and-mayor.toml",
        include_str!("../../configs/abbey-and-mayor.toml"),
    ),
    (
        "abbey-and-mayor-hills-and-sheep.toml",
        include_str!("../../configs/abbey-and-mayor-hills-and-sheep.toml"),
    ),
    (
        "king-and-robber-hills-and-sheep.toml",
        include_str!("../../configs/king-and-robber-hills-and-sheep.toml"),
    ),
    (
        "count-king-and-robber.toml",
        include_str!("../../configs/count-king-and-robber.toml"),
    ),
    (
        "bridges-castles-and-bazaars.toml",
        include_str!("../../configs/bridges-castles-and-bazaars.toml"),
    ),
    (
        "bridges-castles-and-bazaars-hills-and-sheep.toml",
        include_str!("../../configs/bridges-castles-and-bazaars-hills-and-sheep.toml"),
    ),
    (
        "the-tower.toml",
        include_str!("../../configs/the-tower.toml"),
    ),
    (
        "the-tower-hills-and-sheep.toml",
        include_str!("../../configs/the-tower-hills-and-sheep.toml"),
    ),
    (
        "all-expansions.toml",
        include_str!("../../configs/all-expansions.toml"),
    ),
    (
        "the-river.toml",
        include_str!("../../configs/the-river.toml"),
    ),
    (
        "the-river-ii.toml",
        include_str!("../../configs/the-river-ii.toml"),
    ),
    (
        "the-river-hills-and-sheep.toml",
        include_str!("../../configs/the-river-hills-and-sheep.toml"),
    ),
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_ruleset_in_configs_is_shipped() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        files.sort();
        let mut shipped: Vec<String> = super::SHIPPED.iter().map(|s| s.0.to_string()).collect();
        shipped.sort();
        assert_eq!(files, shipped);
    }
}
