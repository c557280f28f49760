"""How many workers Expert gets (web/players.py: pool_size): one per core less one for the
page, at most four, fewer where the device has little memory; ?workers=N decides alone."""

from __future__ import annotations

import pytest
from players import MAX_WORKERS, pool_size


@pytest.mark.parametrize(("cores", "memory", "size"), [
    (None, None, 1),   # a browser that does not say: one worker
    (1, None, 1), (2, None, 1), (3, None, 2), (4, None, 3), (5, None, 4), (16, None, 4),
    (8, 8, 4), (8, 4, 2), (8, 2, 1), (8, 0.5, 1), (4, 8, 3),
])
def test_one_worker_per_core_less_one_within_memory(cores: int | None, memory: float | None,
                                                    size: int) -> None:
    assert pool_size(cores, memory_gb=memory) == size


def test_the_address_decides_alone() -> None:
    assert pool_size(16, 2, memory_gb=0.5) == 2
    assert pool_size(1, 9) == MAX_WORKERS == 4
    assert pool_size(8, 0) == 1
