//! Thermographs: the walls of a game as exact piecewise-linear functions of the temperature.

use super::dyadic::Dyadic;
use crate::error::{Error, Result};

/// A piece of a trajectory: from `start` on, `value + slope * (t - start)`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    start: Dyadic,
    value: Dyadic,
    slope: Dyadic,
}

/// A continuous piecewise-linear function of the temperature `t >= -1`, with dyadic
/// breakpoints: a wall of a thermograph, or a scaffold from which one is cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

fn minus_one() -> Dyadic {
    Dyadic::from(-1)
}

/// `d / s` for a slope difference `s` that is plus or minus a power of 2 (as every slope
/// difference between walls is: the walls' slopes are -1, 0 and 1).
fn divide(d: &Dyadic, s: &Dyadic) -> Dyadic {
    let m = s.numerator().magnitude();
    debug_assert!(
        m.count_ones() == 1,
        "slope difference {s} is not a power of 2"
    );
    let power = m.trailing_zeros().unwrap_or(0) as u32;
    // d / (±2^power / 2^e) = ± d * 2^e / 2^power
    let scaled = d * &Dyadic::integer(num_bigint::BigInt::from(1) << s.exponent());
    let q = Dyadic::new(scaled.numerator().clone(), scaled.exponent() + power);
    if s.signum() < 0 { -&q } else { q }
}

impl Trajectory {
    /// The constant `value`.
    pub fn constant(value: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                start: minus_one(),
                value,
                slope: Dyadic::zero(),
            }],
        }
    }

    /// The value at temperature `t` (`t >= -1`).
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let piece = self
            .pieces
            .iter()
            .rev()
            .find(|p| &p.start <= t)
            .unwrap_or(&self.pieces[0]);
        &piece.value + &(&piece.slope * &(t - &piece.start))
    }

    /// This trajectory plus `slope * t`.
    pub fn plus_slope(&self, slope: &Dyadic) -> Trajectory {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start.clone(),
                    value: &p.value + &(slope * &p.start),
                    slope: &p.slope + slope,
                })
                .collect(),
        }
    }

    /// The breakpoints `(t, value)`, from `t = -1`, each where the slope changes.
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces
            .iter()
            .map(|p| (p.start.clone(), p.value.clone()))
            .collect()
    }

    /// The slope past the last breakpoint.
    pub fn final_slope(&self) -> &Dyadic {
        &self.pieces.last().expect("a trajectory has a piece").slope
    }

    fn starts(a: &Trajectory, b: &Trajectory) -> Vec<Dyadic> {
        let mut starts: Vec<Dyadic> = a
            .pieces
            .iter()
            .chain(&b.pieces)
            .map(|p| p.start.clone())
            .collect();
        starts.sort();
        starts.dedup();
        starts
    }

    fn slope_at(&self, t: &Dyadic) -> Dyadic {
        self.pieces
            .iter()
            .rev()
            .find(|p| &p.start <= t)
            .unwrap_or(&self.pieces[0])
            .slope
            .clone()
    }

    /// The pointwise maximum (`larger`) or minimum of two trajectories.
    fn combine(a: &Trajectory, b: &Trajectory, larger: bool) -> Trajectory {
        let starts = Trajectory::starts(a, b);
        let mut pieces: Vec<Piece> = Vec::new();
        for (i, start) in starts.iter().enumerate() {
            let end = starts.get(i + 1);
            let (va, vb) = (a.at(start), b.at(start));
            let (sa, sb) = (a.slope_at(start), b.slope_at(start));
            let first_a = match va.cmp(&vb) {
                std::cmp::Ordering::Greater => larger,
                std::cmp::Ordering::Less => !larger,
                std::cmp::Ordering::Equal => (sa >= sb) == larger,
            };
            let (v0, s0, v1, s1) = if first_a {
                (&va, &sa, &vb, &sb)
            } else {
                (&vb, &sb, &va, &sa)
            };
            pieces.push(Piece {
                start: start.clone(),
                value: v0.clone(),
                slope: s0.clone(),
            });
            // Does the other line overtake inside the interval?
            let gap = v0 - v1; // >= 0 for the max, <= 0 for the min, in the chosen's favour
            let closing = s1 - s0;
            let overtakes = if larger {
                closing.signum() > 0
            } else {
                closing.signum() < 0
            };
            if overtakes && !gap.is_zero() {
                let t = start + &divide(&gap, &closing);
                if end.is_none_or(|e| &t < e) {
                    let value = v0 + &(s0 * &(&t - start));
                    pieces.push(Piece {
                        start: t,
                        value,
                        slope: s1.clone(),
                    });
                }
            }
        }
        Trajectory { pieces }.simplified()
    }

    fn simplified(mut self) -> Trajectory {
        let mut out: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for piece in self.pieces.drain(..) {
            if let Some(last) = out.last()
                && last.slope == piece.slope
            {
                continue;
            }
            out.push(piece);
        }
        Trajectory { pieces: out }
    }

    /// The maximum of several trajectories; `None` for none.
    pub fn max_of(all: impl IntoIterator<Item = Trajectory>) -> Option<Trajectory> {
        all.into_iter()
            .reduce(|a, b| Trajectory::combine(&a, &b, true))
    }

    /// The minimum of several trajectories; `None` for none.
    pub fn min_of(all: impl IntoIterator<Item = Trajectory>) -> Option<Trajectory> {
        all.into_iter()
            .reduce(|a, b| Trajectory::combine(&a, &b, false))
    }

    /// This trajectory below `t`, and the constant `value` from `t` on.
    fn cut(&self, t: &Dyadic, value: &Dyadic) -> Trajectory {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| &p.start < t)
            .cloned()
            .collect();
        pieces.push(Piece {
            start: t.clone(),
            value: value.clone(),
            slope: Dyadic::zero(),
        });
        Trajectory { pieces }.simplified()
    }
}

/// The thermograph of a game: its left and right walls, which meet at its temperature and
/// go on as one vertical mast at its mean (Siegel, *Combinatorial Game Theory*, §II.5;
/// Winning Ways ch. 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall: the value of the game cooled by `t`, as Left would have it.
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    /// Where the walls meet: the temperature (-1 for an integer, `-1/2^k` for a number with
    /// denominator `2^k`).
    pub temperature: Dyadic,
    /// The mast's value: the mean.
    pub mast: Dyadic,
}

impl Thermograph {
    /// The thermograph of the integer `x`: a mast from `t = -1`.
    pub fn mast(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(x.clone()),
            right: Trajectory::constant(x.clone()),
            temperature: minus_one(),
            mast: x,
        }
    }

    /// The thermograph of `x + *m` (`m >= 1`): walls `x - t` and `x + t` meeting at
    /// temperature 0, the mast at `x`.
    pub(crate) fn star(x: Dyadic) -> Thermograph {
        let flat = Trajectory::constant(x.clone());
        let zero = Dyadic::zero();
        Thermograph {
            left: flat.plus_slope(&Dyadic::from(-1)).cut(&zero, &x),
            right: flat.plus_slope(&Dyadic::from(1)).cut(&zero, &x),
            temperature: zero,
            mast: x,
        }
    }

    /// Cuts the walls from the scaffolds `max (G^L walls' right) - t` and
    /// `min (G^R walls' left) + t`: the temperature is the least `t >= -1` where the left
    /// scaffold is no longer to the right of (greater than) the right one.
    pub(crate) fn from_scaffolds(left: Trajectory, right: Trajectory) -> Result<Thermograph> {
        let starts = Trajectory::starts(&left, &right);
        let mut meet = None;
        for (i, start) in starts.iter().enumerate() {
            let gap = &left.at(start) - &right.at(start);
            if gap.signum() <= 0 {
                meet = Some(start.clone());
                break;
            }
            let closing = &right.slope_at(start) - &left.slope_at(start);
            if closing.signum() > 0 {
                let t = start + &divide(&gap, &closing);
                if starts.get(i + 1).is_none_or(|e| &t <= e) {
                    meet = Some(t);
                    break;
                }
            }
        }
        let Some(temperature) = meet else {
            return Err(Error::LimitExceeded {
                resource: crate::error::Resource::Options,
                limit: 0,
            });
        };
        let mast = left.at(&temperature);
        Ok(Thermograph {
            left: left.cut(&temperature, &mast),
            right: right.cut(&temperature, &mast),
            temperature,
            mast,
        })
    }
}
