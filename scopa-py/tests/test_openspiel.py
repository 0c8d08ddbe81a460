"""OpenSpiel's own checks on the games, hidden cards, the engine bots (run from the wheel)."""

import pickle
import random

import numpy as np
import pyspiel
import pytest

import scopa_py
import scopa_py.openspiel as so

TABLES = [("python_scopa", 2), ("python_scopa", 3), ("python_scopa", 4),
          ("python_briscola", 2), ("python_briscola", 4)]


@pytest.mark.parametrize("name,players", TABLES)
def test_random_sim_test_with_serialization(name, players):
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize("params", [
    {"players": 2, "returns": "margin"},
    {"players": 3, "returns": "win_loss"},
    {"players": 4, "deal": "scopone_scientifico"},
    {"players": 4, "deal": "scopone", "ace": "takes_all", "napola": True},
    {"players": 2, "kings_redeal": False, "primiera": "most_sevens"},
])
def test_scopa_options(params):
    game = pyspiel.load_game("python_scopa", params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_briscola_nine_cards_and_win_loss():
    game = pyspiel.load_game("python_briscola", {"players": 2, "hand_size": 9, "returns": "win_loss"})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_bad_parameters_are_refused_with_a_message():
    with pytest.raises(Exception, match="deal"):
        pyspiel.load_game("python_scopa", {"players": 2, "deal": "scopone"})
    with pytest.raises(Exception, match="returns"):
        pyspiel.load_game("python_scopa", {"returns": "money"})
    with pytest.raises(ValueError, match="not legal"):
        t = scopa_py.Table("scopa", 2, list(range(40)))
        t.apply_action(99)


def _play_random(state, rng):
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def _hidden_swaps(name, players, seed):
    """Two deals differing only in cards a seat has not seen, the same plays: that seat's
    information state must be the same, and some other seat's must differ."""
    game = pyspiel.load_game(name, {"players": players})
    rng = np.random.default_rng(seed)
    state = _play_random(game.new_initial_state(), rng)
    table = state.table
    lay = game.cfg.layout
    appeared = set()
    steps = int(rng.integers(0, 30))
    for _ in range(steps):
        if table.is_terminal():
            break
        for s in range(players):
            appeared |= set(table.hand(s))
        table.apply_action(int(rng.choice(table.legal_actions())))
    for s in range(players):
        appeared |= set(table.hand(s))
    deck = list(table.deck)
    public = {deck[p] for p in lay["table_slots"]}
    if name == "python_briscola":
        public.add(deck[players * 3])  # the face-up briscola
    if table.pending_card() is not None:
        public.add(table.pending_card())  # chosen, its capture not yet
    checked = 0
    for p in range(players):
        others = set()
        for s in range(players):
            if s != p:
                others |= set(table.hand(s))
        undealt = set(lay["cards"]) - appeared - public
        hidden = sorted((others | undealt) - public)
        if len(hidden) < 2:
            continue
        positions = [i for i, c in enumerate(deck) if c in hidden]
        shuffled = [deck[i] for i in positions]
        random.Random(seed).shuffle(shuffled)
        deck2 = list(deck)
        for i, c in zip(positions, shuffled):
            deck2[i] = c
        other = table.replayed(deck2)
        assert other.information_state_string(p) == table.information_state_string(p)
        assert other.information_state_tensor(p) == table.information_state_tensor(p)
        assert other.observation_string(p) == table.observation_string(p)
        assert other.observation_tensor(p) == table.observation_tensor(p)
        # The engine's own resampling keeps it too.
        world = table.resample(p, seed)
        assert world.information_state_string(p) == table.information_state_string(p)
        checked += 1
        if deck2 != deck and others:
            # A seat holding a moved card sees the difference (the test can fail).
            differs = any(other.information_state_string(s) != table.information_state_string(s)
                          for s in range(players) if s != p)
            assert differs or all(set(other.hand(s)) == set(table.hand(s)) for s in range(players))
    return checked


@pytest.mark.parametrize("name,players", TABLES)
def test_information_state_ignores_hidden_cards(name, players):
    total = sum(_hidden_swaps(name, players, seed) for seed in range(25))
    assert total > 0


def test_pickle_and_clone():
    game = pyspiel.load_game("python_scopa", {"players": 3})
    state = _play_random(game.new_initial_state(), np.random.default_rng(1))
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state)
    ser = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(ser)
    assert again.information_state_string(0) == state.information_state_string(0)
    assert state.clone().history() == state.history()


def test_engine_bots_play_whole_hands():
    for name, players in TABLES:
        game = pyspiel.load_game(name, {"players": players})
        state = _play_random(game.new_initial_state(), np.random.default_rng(3))
        bots = [so.EngineBot(game, p, ["easy", "medium", "expert"][p % 3], seed=p) for p in range(players)]
        while not state.is_terminal():
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert len(state.returns()) == players


def test_per_step_play_agrees_with_the_batch_playouts():
    """Briscola's points of uniform random play through OpenSpiel states (Python, per step)
    and through the engine's batch loop (Rust) agree: 120 a hand, the same mean for the
    dealer within 4 standard errors."""
    n = 300
    rng = np.random.default_rng(5)
    game = pyspiel.load_game("python_briscola", {"players": 2})
    per_step = []
    for _ in range(n):
        state = _play_random(game.new_initial_state(), rng)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        per_step.append(state.returns())
    per_step = np.array(per_step)
    batch = np.array(scopa_py.random_playouts("briscola", 2, 4000, seed=9))
    assert np.allclose(per_step.sum(axis=1), 120.0)
    assert np.allclose(batch.sum(axis=1), 120.0)
    # Seat 0 deals every OpenSpiel hand; the batch turns the dealer (even rows: seat 0).
    dealt_by_0 = batch[0::2, 0]
    se = np.sqrt(per_step[:, 0].var() / n + dealt_by_0.var() / len(dealt_by_0))
    assert abs(per_step[:, 0].mean() - dealt_by_0.mean()) < 4 * se


@pytest.mark.parametrize("name,players", [("python_scopa", 2), ("python_briscola", 4)])
def test_openspiel_ismcts_plays_through_resample_from_infostate(name, players):
    """OpenSpiel's IS-MCTS bot with its default resampling (the state's own
    resample_from_infostate, full history) and its random-rollout evaluator."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(name, {"players": players, "returns": "win_loss"})
    state = _play_random(game.new_initial_state(), np.random.default_rng(2))
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=30, random_state=np.random.RandomState(1))
    for _ in range(6):
        world = state.resample_from_infostate(state.current_player(),
                                              pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.information_state_string() == state.information_state_string()
        assert len(world.history()) == len(state.history())
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_action_names():
    t = scopa_py.Table("briscola", 2, list(range(40)))
    assert t.action_name(t.legal_actions()[0]) == scopa_py.card_name(t.legal_actions()[0])
    game = pyspiel.load_game("python_scopa", {"players": 2})
    rng = np.random.default_rng(4)
    names = set()
    for _ in range(20):
        state = _play_random(game.new_initial_state(), rng)
        while not state.is_terminal():
            names |= {state.action_to_string(a) for a in state.legal_actions()}
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert any("+" in n for n in names) and any("then a capture" in n for n in names)


def test_public_only_observations_are_refused():
    from open_spiel.python.observation import make_observation
    game = pyspiel.load_game("python_scopa", {"players": 2})
    with pytest.raises(Exception, match="only the observation of one player"):
        make_observation(game, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))


def test_kings_rule_chance_is_the_conditioned_uniform_deal():
    """With the Kings rule, every initial table with fewer than three Kings is dealt with
    the same probability (a uniform deal conditioned on the rule), and no table with three
    Kings or more can be dealt; the chance outcomes always sum to 1."""
    game = pyspiel.load_game("python_scopa", {"players": 2})
    kings = set(game.cfg.kings)
    others = 40 - len(kings)
    # Ordered tables with at most two Kings: sum over j Kings of C(4, j) * 4Pj * 36P(4-j).
    import math
    valid = sum(math.comb(4, j) * math.perm(4, j) * math.perm(others, 4 - j) for j in range(3))
    rng = np.random.default_rng(8)
    for _ in range(200):
        state = game.new_initial_state()
        p = 1.0
        for _ in range(4):
            outcomes = state.chance_outcomes()
            assert abs(sum(q for _, q in outcomes) - 1.0) < 1e-9
            i = rng.integers(len(outcomes))
            p *= outcomes[i][1]
            state.apply_action(outcomes[i][0])
        table = state._dealt[:4]
        assert sum(1 for c in table if c in kings) < 3
        assert abs(p * valid - 1.0) < 1e-9
    # Two Kings on the table: no third can come.
    state = game.new_initial_state()
    k = sorted(kings)
    state.apply_action(k[0])
    state.apply_action(k[1])
    assert not kings & {c for c, _ in state.chance_outcomes()}
