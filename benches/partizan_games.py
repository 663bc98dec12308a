"""The 20 random games born by day 3 that the partizan sum benchmark adds up, written in
CGSuite's notation with explicit braces (read alike by onag, pycgt and cgt-py)."""

import random

DAY1 = ["0", "1", "-1", "*"]


def day2(rng: random.Random) -> str:
    left = rng.sample(DAY1, rng.randint(0, 2))
    right = rng.sample(DAY1, rng.randint(0, 2))
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def day3(rng: random.Random) -> str:
    left = [day2(rng) for _ in range(rng.randint(1, 2))]
    right = [day2(rng) for _ in range(rng.randint(1, 2))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def games(count: int = 20, seed: int = 2026) -> list[str]:
    rng = random.Random(seed)
    return [day3(rng) for _ in range(count)]


if __name__ == "__main__":
    print(" + ".join(games()))
