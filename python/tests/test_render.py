"""Pictures of a game: `Game.svg()` (and Jupyter's `_repr_svg_`), `Game.rgb_array()`,
and the environment's render modes."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from pettingzoo.test import render_test

import carcassonne

SVG = "{http://www.w3.org/2000/svg}svg"


def started(seed=3):
    game = carcassonne.Game(carcassonne.Ruleset.load("base"), seed=seed)
    game.settle()
    return game


def test_svg_is_an_svg_document_that_changes_when_a_tile_is_placed():
    game = started()
    before = game.svg()
    assert before.startswith("<svg") and before.rstrip().endswith("</svg>")
    assert ET.fromstring(before).tag == SVG
    assert "Carcassonne" in before  # the panel's heading: the ruleset's name
    assert game._repr_svg_() == before
    game.apply(game.legal_actions()[0])
    after = game.svg()
    assert after != before
    assert after.count('class="tile"') == before.count('class="tile"') + 1


def test_rgb_array_is_the_picture_in_pixels():
    game = started()
    for _ in range(10):
        game.apply(game.bot_action("greedy"))
        game.settle()
    pixels = game.rgb_array()
    root = ET.fromstring(game.svg())
    assert isinstance(pixels, np.ndarray) and pixels.dtype == np.uint8
    assert pixels.shape == (round(float(root.get("height"))), round(float(root.get("width"))), 3)
    # Tiles, figures and text: many colours, neither blank nor one colour.
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50
    assert pixels.std() > 20


def test_env_render_modes():
    assert carcassonne.env(ruleset="base").render() is None  # before reset too
    for mode, kind in [(None, type(None)), ("ansi", str), ("rgb_array", np.ndarray)]:
        env = carcassonne.env(ruleset="base", render_mode=mode)
        env.reset(seed=2)
        for _ in range(4):
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            picture = env.render()
            assert isinstance(picture, kind), (mode, picture)
        if mode == "ansi":
            assert picture == repr(env.game) and "turn" in picture and "scores" in picture
        if mode == "rgb_array":
            assert picture.ndim == 3 and picture.shape[2] == 3 and picture.dtype == np.uint8
            assert np.array_equal(picture, env.game.rgb_array())
            assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 20


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode='svg'.*'ansi', 'human', 'rgb_array'"):
        carcassonne.env(ruleset="base", render_mode="svg")


def test_pettingzoo_render_test_with_the_human_mode_printing_the_text(capsys):
    # render_test builds the environment with render_mode="human" first.
    render_test(lambda render_mode=None: carcassonne.env(ruleset="base", render_mode=render_mode))
    env = carcassonne.env(ruleset="base", render_mode="human")
    capsys.readouterr()
    env.reset(seed=2)
    assert capsys.readouterr().out == repr(env.game) + "\n"
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out == repr(env.game) + "\n"
    assert env.render() is None
    assert capsys.readouterr().out == repr(env.game) + "\n"
