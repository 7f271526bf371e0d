"""Setting up a game: players and cards put straight into zones (no events,
nothing cast — a permanent set up on the battlefield was not kicked, K11)."""

from __future__ import annotations

import contextlib

from cardtext.grammar import ast as A

from .characteristics import chars
from .objects import FaceDown, GameObject, Player, PlayerId, Zone
from .state import Game, GameState
from .zones import create_object


def new_game(players: tuple[PlayerId, ...] = ("A", "B"), *, life: int = 20, seed: int = 0, chooser: object = None) -> Game:
    state = GameState({p: Player(p, life) for p in players}, active=players[0], seed=seed)
    for p in players:
        for z in ("library", "hand", "graveyard", "exile"):
            state.zones[f"{p}:{z}"] = []
    state.zones["battlefield"] = []
    state.zones["stack"] = []
    return Game(state, chooser)


def add_card(
    game: Game,
    card: A.Card,
    owner: PlayerId,
    zone: Zone,
    *,
    tapped: bool = False,
    counters: dict[str, int] | None = None,
    face_down: FaceDown | None = None,
) -> GameObject:
    """Put a card into a zone as the game starts (permanents count as under
    their controller's control since the turn began, so they can tap, and
    since before each player's last upkeep, so echo doesn't trigger)."""
    obj = create_object(game, card, owner, zone)
    if zone == "battlefield":
        game.state.turn_began = obj.arrived  # there as the turn began: it didn't enter "this turn"
        # and since before each player's last upkeep: it didn't come under its controller's control since (702.30a)
        game.state.upkeeps = {p: (obj.arrived, obj.arrived) for p in game.state.players}
        obj.tapped = tapped
        obj.counters = dict(counters or {})
        obj.face_down = face_down
        if "planeswalker" in chars(obj).types and card.loyalty is not None and "loyalty" not in obj.counters:
            with contextlib.suppress(ValueError):
                obj.counters["loyalty"] = int(card.loyalty.value)
    return obj


__all__ = ["add_card", "new_game"]
