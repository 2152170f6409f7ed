"""A tournament spread over a Ray cluster (or a local Ray instance).

    python ray_tournament.py --bots mcts:300,greedy,random --games 200
    python ray_tournament.py --address auto ...   # on a running cluster

Each Ray task plays a chunk of the tournament's games at engine speed (the
games run in Rust without the GIL); the driver adds up the standings and
prints win rates and Elo ratings with 95 % intervals. Then a self-play batch
(``--self-play N`` games) shows the other helper, whose scores come back in
seed order. The ruleset travels to the workers as TOML text: use a shipped
ruleset or one whose tile sets and plugins exist on every worker.
"""

import argparse

import ray

from carcassonne.distributed import self_play, tournament


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--address", help="a Ray cluster's address (default: start a local instance)")
    p.add_argument("--cpus", type=int, help="CPUs of the local instance (default: all)")
    p.add_argument("--ruleset", default="hills-and-sheep", help="a shipped ruleset's name or a TOML file")
    p.add_argument("--bots", default="mcts:300,greedy,random", help="comma-separated bots")
    p.add_argument("--games", type=int, default=100, help="games per pairing (even)")
    p.add_argument("--chunk", type=int, default=16, help="games per Ray task")
    p.add_argument("--self-play", type=int, default=0, metavar="N", help="then N self-play games of the first bot")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)

    if a.address:
        ray.init(address=a.address)
    else:
        ray.init(num_cpus=a.cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        bots = a.bots.split(",")
        table = tournament(a.ruleset, bots, games=a.games, seed=a.seed, chunk=a.chunk)
        print(f"{'bot':<16} {'games':>6} {'win rate (95 %)':>22} {'mean score':>10} {'Elo (95 %)':>20}")
        for line in table:
            w, wl, wh = line["win_rate"]
            e, el, eh = line["elo"]
            print(
                f"{line['bot']:<16} {line['games']:>6} {w:>8.1%} [{wl:.1%}, {wh:.1%}] "
                f"{line['mean_score']:>10.1f} {e:>6.0f} [{el:.0f}, {eh:.0f}]"
            )
        scores = []
        if a.self_play:
            scores = self_play(a.ruleset, a.self_play, bots=[bots[0]], seed=a.seed, chunk=a.chunk)
            mean = [sum(s[i] for s in scores) / len(scores) for i in range(len(scores[0]))]
            print(f"self-play, {len(scores)} games of {bots[0]}: mean scores by seat {mean}")
        return table, scores
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
