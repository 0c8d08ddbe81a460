"""scopa_py: Scopa and Briscola for card-game AI research, on the scopa engine (Rust).

- :class:`Table`: one hand dealt from a deck order, played by integer actions (Scopa: card
  ``c`` in 0..39, then ``40 + k`` for the ``k``-th capture when the card has several;
  Briscola: card ``c``), with information-state / observation strings and tensors, the
  engine's AIs (:meth:`Table.ai_actions`) and :meth:`Table.resample`.
- :func:`random_playouts`, :func:`ai_playouts`: whole hands played in Rust (batch API).
- :mod:`scopa_py.openspiel`: the OpenSpiel games ``python_scopa`` and ``python_briscola``
  and :class:`scopa_py.openspiel.EngineBot` (needs ``open_spiel``).
- :mod:`scopa_py.env`: PettingZoo AEC environments with action masks (needs
  ``pettingzoo`` and ``gymnasium``).

Cards are indexed 0..39 as the engine does; :func:`card_name` names them (``7d``, ``kc``).
"""

from ._core import (
    BRISCOLA_ACTIONS,
    MAX_OPTIONS,
    SCOPA_ACTIONS,
    Table,
    ai_playouts,
    card_name,
    layout,
    random_playouts,
)

__all__ = [
    "BRISCOLA_ACTIONS",
    "MAX_OPTIONS",
    "SCOPA_ACTIONS",
    "Table",
    "ai_playouts",
    "card_name",
    "layout",
    "random_playouts",
]
