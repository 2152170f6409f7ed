use carcassonne_core::*;
use std::sync::Arc;
use std::time::Instant;
fn main() {
    let set: TileSetSpec =
        toml::from_str(include_str!("../../configs/tilesets/base.toml")).unwrap();
    let cat = TileCatalogue::build(&[set], "C2").unwrap();
    let rules = Arc::new(Rules::new("base", cat, CoreOptions::default(), vec![]).unwrap());
    let n = 20000;
    let t = Instant::now();
    let mut tot = 0i64;
    let mut rng = Rng::new(1);
    for seed in 0..n {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        while g.step_random(&mut rng).unwrap() {}
        tot += g.scores()[0] as i64;
    }
    let e = t.elapsed();
    println!("{} games/s (tot {tot})", n as f64 / e.as_secs_f64());
    let mut g = Game::new(rules.clone(), 2, 5).unwrap();
    for _ in 0..100 {
        g.step_random(&mut rng).unwrap();
    }
    let t = Instant::now();
    let mut k = 0;
    for _ in 0..100000 {
        let c = g.clone();
        k += c.turn() as usize;
    }
    println!("clone {:?} ns ({k})", t.elapsed().as_nanos() / 100000);
}
