//! The Conway algebra of partizan short games: canonical forms, numbers, infinitesimals and
//! temperature, with no game in it.
//!
//! A partizan game gives Left and Right different moves. Every short game equals exactly one
//! *canonical form* (no dominated and no reversible options; Siegel, *Combinatorial Game
//! Theory*, §II.2), and [`Form`] is that form: a handle into one table in which each distinct
//! form is stored once (hash-consed), so that equality and hashing are those of a number. A
//! ruleset implements [`PartizanGame`]; [`canonical_form`] values any position of it.
//!
//! Impartial games are the special case: a nimber `*n` is the canonical form of an impartial
//! position of Grundy value `n` (Sprague-Grundy), and [`Form::nimber`] makes it.
//!
//! ```
//! use onag_core::partizan::Form;
//!
//! let up: Form = "^".parse()?;
//! let star: Form = "*".parse()?;
//! // ^ + ^ + * = ^^*, and {0|*} is ^.
//! assert_eq!((up.add(up)?.add(star)?).to_string(), "^^*");
//! assert_eq!("{0|*}".parse::<Form>()?, up);
//! // {1|-1} is hot: temperature 1, mean 0.
//! let switch: Form = "{1|-1}".parse()?;
//! assert_eq!(switch.to_string(), "+-1");
//! assert_eq!(switch.temperature()?.to_string(), "1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dyadic;
mod game;
mod notation;
mod search;
mod table;
mod thermograph;

use std::fmt;
use std::sync::{Mutex, MutexGuard};

use num_bigint::BigInt;

pub use dyadic::{Dyadic, DyadicError};
pub use game::{Impartial, PartizanGame, PartizanSolver, canonical_form};
pub use notation::{Expression, FormError, Value, evaluate};
pub use search::OutcomeSearch;
pub use thermograph::{Thermograph, Trajectory};

use crate::error::{Error, Result};
use table::{Id, Nus, Op, Table};

static TABLE: Mutex<Option<Table>> = Mutex::new(None);

/// Runs `work` on the one table (made when first needed), and trims its memo afterwards.
fn with<T>(work: impl FnOnce(&mut Table) -> Result<T>) -> Result<T> {
    let mut guard: MutexGuard<'_, Option<Table>> = TABLE.lock().unwrap_or_else(|p| p.into_inner());
    let table = guard.get_or_insert_with(Table::new);
    let answer = work(table);
    table.trim();
    answer
}

/// Bounds the bytes the table of forms may hold (4 GiB unless set): an operation that would
/// pass it answers [`Error::LimitExceeded`] with [`Resource::Memory`](crate::Resource).
pub fn set_max_memory(bytes: usize) {
    let _ = with(|table| {
        table.max_bytes = bytes;
        Ok(())
    });
}

/// The bound on the bytes of the table of forms ([`set_max_memory`]), which a front also
/// gives its [`OutcomeSearch`]es.
pub fn max_memory() -> usize {
    with(|table| Ok(table.max_bytes)).unwrap_or(usize::MAX)
}

/// The bytes the table of forms holds now, by its own count.
pub fn memory_in_use() -> usize {
    with(|table| Ok(table.bytes())).unwrap_or(0)
}

/// The outcome class of a partizan game: who wins with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartizanOutcome {
    /// Left wins, whoever starts (`G > 0`).
    Left,
    /// Right wins, whoever starts (`G < 0`).
    Right,
    /// The player to move wins (`G || 0`, fuzzy).
    Next,
    /// The player to move loses (`G = 0`).
    Previous,
}

impl PartizanOutcome {
    /// The class from whether the player to move wins, Left moving first and Right moving
    /// first (the definition of the classes; Siegel, CGT §I.1).
    pub fn of_wins(left_first: bool, right_first: bool) -> PartizanOutcome {
        match (left_first, right_first) {
            (true, true) => PartizanOutcome::Next,
            (false, false) => PartizanOutcome::Previous,
            (true, false) => PartizanOutcome::Left,
            (false, true) => PartizanOutcome::Right,
        }
    }

    /// `"L"`, `"R"`, `"N"` or `"P"`.
    pub fn letter(self) -> &'static str {
        match self {
            PartizanOutcome::Left => "L",
            PartizanOutcome::Right => "R",
            PartizanOutcome::Next => "N",
            PartizanOutcome::Previous => "P",
        }
    }
}

/// How two games compare: games are partially ordered, and two may be confused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G || H`: neither `<=` nor `>=`.
    Confused,
}

/// The canonical form of a short partizan game: a handle into the table of forms, compared
/// and hashed as a number (each distinct form is stored once).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Form(Id);

impl Form {
    /// The game `0 = { | }`.
    pub fn zero() -> Form {
        Form::number(Dyadic::zero())
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Form {
        with(|t| Ok(Form(t.number(x)))).expect("a number is always made")
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Form {
        Form::number(Dyadic::from(n))
    }

    /// The nimber `*n`: the canonical form of an impartial game of Grundy value `n`.
    pub fn nimber(n: u64) -> Form {
        Form::number_up_star(Dyadic::zero(), 0, n)
    }

    /// `x + n.^ + *m` (`n` negative for downs).
    pub fn number_up_star(x: Dyadic, ups: i64, nim: u64) -> Form {
        with(|t| {
            Ok(Form(t.nus(Nus {
                number: x,
                ups,
                nim,
            })))
        })
        .expect("a number-up-star is always made")
    }

    /// The canonical form of `{left | right}`.
    pub fn from_options(left: &[Form], right: &[Form]) -> Result<Form> {
        with(|t| {
            Ok(Form(t.with_options(
                left.iter().map(|f| f.0).collect(),
                right.iter().map(|f| f.0).collect(),
            )?))
        })
    }

    /// Left's options of the canonical form.
    pub fn left_options(self) -> Result<Vec<Form>> {
        with(|t| {
            t.ensure_options(self.0)?;
            Ok(t.left(self.0).iter().map(|&i| Form(i)).collect())
        })
    }

    /// Right's options of the canonical form.
    pub fn right_options(self) -> Result<Vec<Form>> {
        with(|t| {
            t.ensure_options(self.0)?;
            Ok(t.right(self.0).iter().map(|&i| Form(i)).collect())
        })
    }

    /// `G + H`.
    #[allow(clippy::should_implement_trait)] // fallible: the table's budget may run out
    pub fn add(self, other: Form) -> Result<Form> {
        with(|t| Ok(Form(t.add(self.0, other.0)?)))
    }

    /// `-G`.
    #[allow(clippy::should_implement_trait)] // fallible: the table's budget may run out
    pub fn neg(self) -> Result<Form> {
        with(|t| Ok(Form(t.neg(self.0)?)))
    }

    /// `G - H`.
    #[allow(clippy::should_implement_trait)] // fallible: the table's budget may run out
    pub fn sub(self, other: Form) -> Result<Form> {
        with(|t| {
            let minus = t.neg(other.0)?;
            Ok(Form(t.add(self.0, minus)?))
        })
    }

    /// `G <= H`.
    pub fn leq(self, other: Form) -> Result<bool> {
        with(|t| t.leq(self.0, other.0))
    }

    /// How `G` compares with `H`.
    pub fn compare(self, other: Form) -> Result<Comparison> {
        with(|t| {
            let (a, b) = (t.leq(self.0, other.0)?, t.leq(other.0, self.0)?);
            Ok(match (a, b) {
                (true, true) => Comparison::Equal,
                (true, false) => Comparison::Less,
                (false, true) => Comparison::Greater,
                (false, false) => Comparison::Confused,
            })
        })
    }

    /// Whether Left (`left`) or Right wins this position moving second: `G >= 0` for Left,
    /// `G <= 0` for Right. A move to such a position is that player's winning move.
    pub fn wins_moving_second(self, left: bool) -> Result<bool> {
        if left {
            Form::zero().leq(self)
        } else {
            self.leq(Form::zero())
        }
    }

    /// The outcome class.
    pub fn outcome(self) -> Result<PartizanOutcome> {
        Ok(match self.compare(Form::zero())? {
            Comparison::Greater => PartizanOutcome::Left,
            Comparison::Less => PartizanOutcome::Right,
            Comparison::Equal => PartizanOutcome::Previous,
            Comparison::Confused => PartizanOutcome::Next,
        })
    }

    /// The number this form is, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        with(|t| Ok(t.as_number(self.0).cloned())).ok().flatten()
    }

    /// `(x, n, m)` if this form is `x + n.^ + *m` (numbers and nimbers included).
    pub fn as_number_up_star(self) -> Option<(Dyadic, i64, u64)> {
        with(|t| Ok(t.as_nus(self.0).map(|n| (n.number, n.ups, n.nim))))
            .ok()
            .flatten()
    }

    /// Whether this form is a number.
    pub fn is_number(self) -> bool {
        self.as_number().is_some()
    }

    /// The Grundy value, if this form is a nimber.
    pub fn as_nimber(self) -> Option<u64> {
        match self.as_number_up_star() {
            Some((x, 0, m)) if x.is_zero() => Some(m),
            _ => None,
        }
    }

    /// The day on which this form is born.
    pub fn birthday(self) -> Result<BigInt> {
        with(|t| Ok((*t.birthday(self.0)?).clone()))
    }

    /// Left's stop: the number play comes to when Left starts and both play well.
    pub fn left_stop(self) -> Result<Dyadic> {
        with(|t| Ok(t.stops(self.0)?.0.clone()))
    }

    /// Right's stop.
    pub fn right_stop(self) -> Result<Dyadic> {
        with(|t| Ok(t.stops(self.0)?.1.clone()))
    }

    /// The thermograph.
    pub fn thermograph(self) -> Result<Thermograph> {
        with(|t| Ok((*t.thermograph(self.0)?).clone()))
    }

    /// The temperature: where the thermograph's walls meet (-1 for integers, `-1/2^k` for
    /// other numbers, as CGSuite has it).
    pub fn temperature(self) -> Result<Dyadic> {
        with(|t| Ok(t.thermograph(self.0)?.temperature.clone()))
    }

    /// The mean: the thermograph's mast.
    pub fn mean(self) -> Result<Dyadic> {
        with(|t| Ok(t.thermograph(self.0)?.mast.clone()))
    }

    /// `G` cooled by `t` (`t > -1`).
    pub fn cool(self, temperature: &Dyadic) -> Result<Form> {
        if temperature <= &Dyadic::from(-1) {
            return Err(Error::InvalidArgument {
                why: format!("a game is cooled by a temperature above -1, not {temperature}"),
            });
        }
        with(|t| {
            let b = t.number(temperature.clone());
            Ok(Form(t.form_op(Op::Cool, self.0, b, 0)?))
        })
    }

    /// `G` heated by the game `t`.
    pub fn heat(self, temperature: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Heat, self.0, temperature.0, 0)?)))
    }

    /// `G` overheated from `s` to `t`.
    pub fn overheat(self, s: Form, temperature: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Overheat, self.0, s.0, temperature.0)?)))
    }

    /// Whether this form is all-small (from every follower, both players can move or
    /// neither can).
    pub fn is_all_small(self) -> Result<bool> {
        with(|t| t.all_small(self.0))
    }

    /// The atomic weight of an all-small game.
    pub fn atomic_weight(self) -> Result<Form> {
        if !self.is_all_small()? {
            return Err(Error::InvalidArgument {
                why: format!(
                    "the atomic weight is defined for all-small games, and {self} is not one"
                ),
            });
        }
        with(|t| Ok(Form(t.form_op(Op::AtomicWeight, self.0, 0, 0)?)))
    }

    /// The reduced canonical form: the simplest form equal to this one up to an
    /// infinitesimal.
    pub fn reduced(self) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Reduced, self.0, 0, 0)?)))
    }

    /// The incentives: Left's `G^L - G`, then Right's `G - G^R`.
    pub fn incentives(self) -> Result<Vec<Form>> {
        let mut out = Vec::new();
        for l in self.left_options()? {
            out.push(l.sub(self)?);
        }
        for r in self.right_options()? {
            out.push(self.sub(r)?);
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// Norton's product `G.U`, for `U > 0`.
    pub fn norton(self, unit: Form) -> Result<Form> {
        if unit.compare(Form::zero())? != Comparison::Greater {
            return Err(Error::InvalidArgument {
                why: format!(
                    "Norton multiplication is by a positive game, and {unit} is not positive"
                ),
            });
        }
        with(|t| Ok(Form(t.form_op(Op::Norton, self.0, unit.0, 0)?)))
    }

    /// The conjunctive sum `G ∧ H` of the two forms: each player moves in both.
    pub fn conjunctive(self, other: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Conjunctive, self.0, other.0, 0)?)))
    }

    /// The selective sum `G ∨ H`: each player moves in one or both.
    pub fn selective(self, other: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Selective, self.0, other.0, 0)?)))
    }

    /// The ordinal sum `G : H`: a move in `G` ends `H`.
    pub fn ordinal(self, other: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Ordinal, self.0, other.0, 0)?)))
    }

    /// Conway's product of the two forms (on numbers, their product).
    pub fn product(self, other: Form) -> Result<Form> {
        with(|t| Ok(Form(t.form_op(Op::Product, self.0, other.0, 0)?)))
    }

    /// The form as CGSuite prints it.
    pub fn render(self) -> Result<String> {
        with(|t| notation::render(t, self.0))
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.render() {
            Ok(text) => f.write_str(&text),
            Err(e) => write!(f, "<form too large to print: {e}>"),
        }
    }
}

impl std::str::FromStr for Form {
    type Err = FormError;

    /// A form in CGSuite's notation, sums and differences included.
    fn from_str(text: &str) -> std::result::Result<Form, FormError> {
        match notation::evaluate(text)? {
            Value::Form(f) => Ok(f),
            Value::Number(x) => Ok(Form::number(x)),
            Value::Integer(n) => Ok(Form::number(Dyadic::integer(n))),
            other => Err(FormError::NotAGame {
                what: other.kind().to_string(),
            }),
        }
    }
}
