use carcassonne_core::*;
use std::sync::Arc;

#[test]
fn random_base_games_finish() {
    let set: TileSetSpec =
        toml::from_str(include_str!("../../configs/tilesets/base.toml")).unwrap();
    let cat = TileCatalogue::build(&[set], "C2").unwrap();
    let rules = Arc::new(Rules::new("base", cat, CoreOptions::default(), vec![]).unwrap());
    let mut total = 0;
    for seed in 0..200 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        let mut rng = Rng::new(seed ^ 0xABCD);
        let mut steps = 0;
        while g.step_random(&mut rng).unwrap() {
            steps += 1;
        }
        total += g.scores().iter().sum::<i32>();
        assert!(steps > 100);
        assert_eq!(g.tiles().len() + g.set_aside_tiles().len(), 72);
    }
    println!("avg total {}", total as f64 / 200.0);
}
