//! A position of a coin-turning game: its heads, held as runs of consecutive coins.

/// The coins a move turns over besides its rightmost one, as runs `(a, b)` of the consecutive
/// coins `a..=b`, disjoint.
pub type Turn = Vec<(u64, u64)>;

/// The heads of a row of coins, held as the coins where heads and tails change: a run of any
/// length costs two numbers, and turning a run over costs the same as turning one coin.
///
/// # Examples
///
/// ```
/// use onag_games::Heads;
///
/// let heads = Heads::of([1, 2, 3, 7]);
/// assert_eq!(heads.runs().collect::<Vec<_>>(), [(1, 3), (7, 7)]);
/// assert_eq!(heads.count(), 4);
/// // Turning coins 3 to 6 over leaves heads at 1, 2, 4, 5, 6 and 7.
/// assert_eq!(heads.xor(&Heads::run(3, 6)), Heads::of([1, 2, 4, 5, 6, 7]));
/// let huge = Heads::run(1, 1_000_000_000_000);
/// assert_eq!(huge.count(), 1_000_000_000_000);
/// assert!(huge.contains(999) && !huge.contains(1_000_000_000_001));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heads {
    /// Increasing: coin `c` is heads when an odd number of them are at most `c` (with an odd
    /// number in all, the last run reaches coin `u64::MAX`).
    pub(super) edges: Vec<u64>,
}

impl Heads {
    /// No heads.
    pub fn new() -> Heads {
        Heads::default()
    }

    /// The heads at `coins`; a coin listed twice is turned twice, and is tails.
    pub fn of(coins: impl IntoIterator<Item = u64>) -> Heads {
        Heads::from_runs(coins.into_iter().map(|coin| (coin, coin)))
    }

    /// The heads at `a..=b` (none when `b < a`).
    pub fn run(a: u64, b: u64) -> Heads {
        let mut heads = Heads::new();
        heads.turn_run(a, b);
        heads
    }

    /// The runs turned over from no heads: a coin in an even number of them is tails.
    pub fn from_runs(runs: impl IntoIterator<Item = (u64, u64)>) -> Heads {
        let mut heads = Heads::new();
        for (a, b) in runs {
            heads.turn_run(a, b);
        }
        heads
    }

    /// Turns over the coin `edge` is, and every coin past it.
    pub(super) fn turn_from(&mut self, edge: u64) {
        match self.edges.binary_search(&edge) {
            Ok(index) => {
                self.edges.remove(index);
            }
            Err(index) => self.edges.insert(index, edge),
        }
    }

    /// Turns over the coins `a..=b`.
    pub(super) fn turn_run(&mut self, a: u64, b: u64) {
        if b < a {
            return;
        }
        self.turn_from(a);
        if let Some(after) = b.checked_add(1) {
            self.turn_from(after);
        }
    }

    /// The runs of consecutive heads `(a, b)` (coins `a..=b`), lowest first.
    pub fn runs(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.edges
            .chunks(2)
            .map(|pair| (pair[0], pair.get(1).map_or(u64::MAX, |&end| end - 1)))
    }

    /// Every head, lowest first.
    pub fn coins(&self) -> impl Iterator<Item = u64> + '_ {
        self.runs().flat_map(|(a, b)| a..=b)
    }

    /// The number of heads.
    pub fn count(&self) -> u128 {
        self.runs()
            .map(|(a, b)| u128::from(b - a) + 1)
            .sum::<u128>()
    }

    /// Whether there is no head.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// Whether coin `coin` is heads.
    pub fn contains(&self, coin: u64) -> bool {
        self.edges.partition_point(|&edge| edge <= coin) % 2 == 1
    }

    /// The highest head.
    pub fn highest(&self) -> Option<u64> {
        self.runs().last().map(|(_, b)| b)
    }

    /// The single head, when there is exactly one.
    pub(super) fn single(&self) -> Option<u64> {
        match *self.edges.as_slice() {
            [a, after] if after == a + 1 => Some(a),
            [a] if a == u64::MAX => Some(a),
            _ => None,
        }
    }

    /// The heads in one of the two sets but not both: each set turned over on the other.
    pub fn xor(&self, other: &Heads) -> Heads {
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.edges, &other.edges);
        let mut edges = Vec::with_capacity(a.len() + b.len());
        while i < a.len() || j < b.len() {
            match (a.get(i), b.get(j)) {
                (Some(x), Some(y)) if x == y => {
                    i += 1;
                    j += 1;
                }
                (Some(&x), Some(&y)) if x < y => {
                    edges.push(x);
                    i += 1;
                }
                (Some(&x), None) => {
                    edges.push(x);
                    i += 1;
                }
                (_, Some(&y)) => {
                    edges.push(y);
                    j += 1;
                }
                (None, None) => unreachable!("the loop runs while one list has edges"),
            }
        }
        Heads { edges }
    }

    /// The heads after coin `x` and the runs `others` are turned over.
    pub fn turned(&self, x: u64, others: &[(u64, u64)]) -> Heads {
        let mut after = self.clone();
        after.turn_run(x, x);
        for &(a, b) in others {
            after.turn_run(a, b);
        }
        after
    }
}
