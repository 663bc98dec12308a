//! Misère analyses of heap games: the genus of single heaps, and misère quotients.

use onag_core::{Budget, Element, Genus, GenusSolver, MisereQuotient, Outcome, Resource, Tameness};

use crate::sequence::period::find_period;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::{Error, HeapGame, HeapRuleset, Heaps, Period, Result, Values};

/// The genus and tameness of the single heaps `0..=last` of a heap game, each searched with
/// the positions it reaches (sums of smaller heaps, valued by the tame sum rule where every
/// part is tame); `progress` is called with each heap as it starts.
///
/// # Errors
///
/// [`onag_core::Error::LimitExceeded`] (as [`crate::Error::Engine`]) when `last` is past the
/// budget's positions, checked before anything is computed, or when the search exceeds the
/// budget (the genus of a wild game's heap depends on sums of many heaps, so large heaps of
/// wild games are out of reach).
///
/// # Examples
///
/// ```
/// use onag_core::{Budget, Tameness};
/// use onag_games::{TakeAndBreak, heap_genera};
///
/// let kayles = heap_genera(&TakeAndBreak::kayles(), 5, Budget::DEFAULT, &mut |_| {})?;
/// let written: Vec<String> = kayles.iter().map(|(genus, _)| genus.to_string()).collect();
/// assert_eq!(written[..4], ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
/// assert_eq!(kayles[0].1, Tameness::Tame);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap_genera<R: HeapRuleset>(
    rules: &R,
    last: u64,
    budget: Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<(Genus, Tameness)>> {
    if last >= budget.positions {
        return Err(budget.exceeded(Resource::Positions).into());
    }
    let mut solver = GenusSolver::new(HeapGame(rules)).with_budget(budget);
    let mut genera = Vec::new();
    for n in 0..=last {
        progress(n);
        onag_core::check_stop()?;
        genera.push(solver.evaluate(&Heaps::one(n))?);
    }
    Ok(genera)
}

/// The largest quotient computed (fewer when the budget's positions are fewer): each heap costs
/// work in the square of the order, so a quotient that keeps growing (Nim's doubles with each
/// power of two) is reported as partial past it rather than left to run for hours.
pub const MAX_QUOTIENT_ORDER: u64 = 1024;

/// The misère quotient of a heap game as far as it was computed: the quotient of the heaps up
/// to [`MisereQuotient::heap_reached`], and, when the pretending function became periodic, its
/// period, proven (certified) when the Guy-Smith argument applies to the ruleset.
#[derive(Debug, Clone)]
pub struct HeapQuotient {
    /// The quotient of the heaps computed.
    pub quotient: MisereQuotient,
    /// `Φ(n + period) = Φ(n)` from the preperiod on, when found; `proven` certifies it for
    /// every heap, so that the quotient is the whole game's.
    pub period: Option<Period>,
    /// Why the computation stopped before the last heap asked for, if it did: a heap for which
    /// no quotient could be verified.
    pub stopped: Option<String>,
}

impl HeapQuotient {
    /// Whether the quotient is the whole game's: `Φ` proven periodic.
    pub fn certified(&self) -> bool {
        self.period.is_some_and(|period| period.proven)
    }

    /// The elements of the P-portion written as words in the generators, shortest first (then
    /// in alphabetical order), as every front writes them.
    pub fn p_portion_words(&self) -> Vec<String> {
        let presentation = self.quotient.presentation();
        let mut words: Vec<String> = self
            .quotient
            .p_portion()
            .iter()
            .map(|&element| presentation.word(element))
            .collect();
        words.sort_by_key(|word| (word.len(), word.clone()));
        words
    }

    /// The generators' names with the heap each stands for: `("a", 1)`.
    pub fn generators(&self) -> Vec<(String, u64)> {
        let presentation = self.quotient.presentation();
        presentation
            .generators
            .iter()
            .enumerate()
            .map(|(g, &heap)| (presentation.name(g), heap))
            .collect()
    }

    /// The relations of the presentation, each written `left = right`.
    pub fn relations(&self) -> Vec<String> {
        let presentation = self.quotient.presentation();
        presentation
            .relations
            .iter()
            .map(|(left, right)| {
                format!(
                    "{} = {}",
                    presentation.write(left),
                    presentation.write(right)
                )
            })
            .collect()
    }

    /// `Φ(0), Φ(1), ...` written as words, for the heaps worth showing: up to the end of the
    /// first period where there is one, else every heap computed.
    pub fn phi_words(&self) -> Vec<String> {
        let presentation = self.quotient.presentation();
        let reached = self.quotient.heap_reached();
        let shown = self.period.map_or(reached, |period| {
            (period.preperiod + period.period - 1).min(reached)
        });
        (0..=shown)
            .filter_map(|n| self.quotient.phi(n))
            .map(|element| presentation.word(element))
            .collect()
    }

    /// `Φ(n)` for any heap: from the period past the heaps computed, when certified.
    pub fn phi(&self, n: u64) -> Option<Element> {
        if let Some(x) = self.quotient.phi(n) {
            return Some(x);
        }
        let period = self.period.filter(|period| period.proven)?;
        let back = (n - period.preperiod) % period.period;
        self.quotient.phi(period.preperiod + back)
    }

    /// The class of a sum of heaps, `None` when a heap is past what the quotient covers.
    pub fn product(&self, heaps: impl IntoIterator<Item = u64>) -> Option<Element> {
        heaps
            .into_iter()
            .try_fold(self.quotient.identity(), |x, n| {
                Some(self.quotient.multiply(x, self.phi(n)?))
            })
    }

    /// The misère outcome of a sum of heaps: one product in the quotient, in time linear in
    /// the number of heaps. `None` when a heap is past what the quotient covers.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Budget;
    ///
    /// let kayles = onag_games::open("kayles")?;
    /// let q = kayles.as_ruleset().unwrap().misere_quotient(400, Budget::DEFAULT, &mut |_| {})?;
    /// // Heaps far past any search: the period answers them.
    /// let heaps = vec![1_000_000_007u64; 100_000];
    /// assert!(q.outcome(&heaps).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let class = self.product(heaps.iter().copied())?;
        Some(if self.quotient.is_p(class) {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    /// The classes of the options of heap `n`: those of a heap computed, or by the period.
    fn option_classes(&self, n: u64) -> Option<Vec<Element>> {
        if let Some(classes) = self.quotient.option_classes(n) {
            return Some(classes.collect());
        }
        let period = self.period.filter(|period| period.proven)?;
        let back = (n - period.preperiod) % period.period;
        Some(
            self.quotient
                .option_classes(period.preperiod + back)?
                .collect(),
        )
    }

    /// At most `limit` winning moves of a sum of heaps, each as (the index of the heap that
    /// moves, the heaps it leaves): the heaps whose options hold a class that wins beside the
    /// rest are found from the quotient, and only their options are listed (`options` gives
    /// those of a heap: all of them, or a set that holds every class any option has, such as
    /// [`TakeAndBreak::window_moves`](crate::TakeAndBreak::window_moves) with `Φ`'s preperiod
    /// and period; at most `max_options` are examined). `None` when a heap is past what the
    /// quotient covers or the options to list exceed `max_options`; empty for a P-position.
    pub fn winning_moves<I: Iterator<Item = Heaps>>(
        &self,
        mut options: impl FnMut(u64) -> I,
        heaps: &[u64],
        limit: usize,
        max_options: u64,
    ) -> Option<Vec<(usize, Heaps)>> {
        let q = &self.quotient;
        let classes: Vec<Element> = heaps.iter().map(|&n| self.phi(n)).collect::<Option<_>>()?;
        // after[i]: the product of the heaps from i on.
        let mut after = vec![q.identity(); heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = q.multiply(classes[i], after[i + 1]);
        }
        let mut before = q.identity();
        let mut found = Vec::new();
        let mut examined = 0u64;
        let mut tried: std::collections::HashSet<u64> = std::collections::HashSet::new();
        for (i, &n) in heaps.iter().enumerate() {
            let rest = q.multiply(before, after[i + 1]);
            before = q.multiply(before, classes[i]);
            if found.len() >= limit || !tried.insert(n) {
                continue;
            }
            let wins = self
                .option_classes(n)?
                .into_iter()
                .any(|o| q.is_p(q.multiply(rest, o)));
            if !wins {
                continue;
            }
            for option in options(n) {
                examined += 1;
                if examined > max_options {
                    return None;
                }
                let class = self.product(option.iter())?;
                if q.is_p(q.multiply(rest, class)) {
                    found.push((i, option));
                    if found.len() >= limit {
                        break;
                    }
                }
            }
        }
        Some(found)
    }
}

/// The misère quotient of the heap game `rules`, heap by heap up to `last` (or until `Φ` is
/// proven periodic, which certifies the quotient for every heap), as Plambeck and Siegel
/// describe (see [`MisereQuotient`]); `proof` is `(max_take, max_parts)` for a ruleset to which
/// the Guy-Smith argument applies (a finite take-and-break code); `progress` is called with each
/// heap as it is added.
///
/// A heap for which no verified quotient is found, or a quotient past [`MAX_QUOTIENT_ORDER`]
/// elements, ends the computation early, with the reason in [`HeapQuotient::stopped`]: the
/// quotient returned is then the partial quotient of the heaps reached.
///
/// # Errors
///
/// [`onag_core::Error::LimitExceeded`] for options examined past the budget. A quotient that
/// outgrows the budget, or a heap whose quotient cannot be learnt within it, ends the
/// computation early instead, with the partial quotient and the reason in
/// [`HeapQuotient::stopped`].
///
/// # Examples
///
/// ```
/// use onag_core::Budget;
/// use onag_games::{TakeAndBreak, misere_quotient};
///
/// // Plambeck (2005): 0.75 has the quotient of order 8 ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩.
/// let game = TakeAndBreak::octal("0.75")?;
/// let q = misere_quotient(&game, 200, Some((2, 2)), Budget::DEFAULT, &mut |_| {})?;
/// assert!(q.certified());
/// assert_eq!(q.quotient.order(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn misere_quotient<R: HeapRuleset>(
    rules: &R,
    last: u64,
    proof: Option<(u64, u32)>,
    budget: Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<HeapQuotient> {
    misere_quotient_checkpointed(rules, last, proof, budget, None, progress)
}

/// Where and how often a quotient's computation saves itself, and the name of the game it is
/// for (a checkpoint of another game is refused).
#[derive(Debug, Clone)]
pub struct QuotientCheckpoint {
    /// The file: read to resume if it exists, written atomically at intervals and at the end.
    pub path: PathBuf,
    /// The game's name, as the catalogue writes it.
    pub game: String,
    /// The time between two writes.
    pub every: Duration,
}

const CHECKPOINT_HEADER: &[u8] = b"onag quotient checkpoint 1\n";

impl QuotientCheckpoint {
    fn error(&self, reason: impl std::fmt::Display) -> Error {
        Error::Checkpoint {
            path: self.path.display().to_string(),
            reason: reason.to_string(),
        }
    }

    /// The quotient saved in the file, if there is one: its checksum and its structure checked
    /// ([`MisereQuotient::from_checkpoint`]), and the options it records compared with the
    /// game's.
    fn read<R: HeapRuleset>(&self, rules: &R, budget: Budget) -> Result<Option<MisereQuotient>> {
        if let Some(reason) = crate::files::not_a_file_refused(&self.path) {
            return Err(self.error(reason));
        }
        // Read within the memory budget: the path may name a device or a pipe that never ends.
        let bytes = match crate::read_within(&self.path, budget.memory) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(self.error(format!("cannot be read: {error}"))),
        };
        let name = format!("{}\n", self.game);
        let body_start = CHECKPOINT_HEADER.len() + name.len();
        if bytes.len() < body_start + 4
            || !bytes.starts_with(CHECKPOINT_HEADER)
            || &bytes[CHECKPOINT_HEADER.len()..body_start] != name.as_bytes()
        {
            return Err(self.error(format!("is not a quotient checkpoint of {}", self.game)));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if crc32fast::hash(body).to_le_bytes() != sum {
            return Err(self.error("is damaged: its checksum does not match"));
        }
        let quotient = MisereQuotient::from_checkpoint(&body[body_start..], budget)
            .map_err(|error| self.error(error))?;
        for n in 0..=quotient.heap_reached() {
            let recorded = quotient.recorded_options(n).unwrap_or_default();
            let mut options: Vec<Vec<u64>> = rules
                .heap_moves(n)
                .map(|option| {
                    let mut heaps: Vec<u64> = option.iter().filter(|&h| h > 0).collect();
                    heaps.sort_unstable_by(|a, b| b.cmp(a));
                    heaps
                })
                .collect();
            options.sort_unstable();
            options.dedup();
            if options != recorded {
                return Err(self.error(format!("records other moves of heap {n} than the game's")));
            }
        }
        Ok(Some(quotient))
    }

    /// Writes the quotient beside the file, flushes it to the disk and renames it over the file.
    fn write(&self, quotient: &MisereQuotient) -> Result<()> {
        let mut bytes = CHECKPOINT_HEADER.to_vec();
        bytes.extend_from_slice(self.game.as_bytes());
        bytes.push(b'\n');
        bytes.extend_from_slice(&quotient.to_bytes());
        let sum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        crate::files::replace_whole(&self.path, |file| file.write_all(&bytes))
            .map_err(|error| self.error(format!("cannot be written: {error}")))
    }
}

/// As [`misere_quotient`], resuming from `checkpoint`'s file when it exists and writing to it at
/// intervals and at the end; a run killed at any moment resumes to the same quotient. A file
/// is read behind its CRC-32 (a damaged one is refused), its quotient's structure checked and
/// its heaps' moves compared with the game's; the quotient is not verified again heap by heap
/// (the run that wrote it did, and verifying it whole costs more than computing it afresh).
///
/// # Errors
///
/// As [`misere_quotient`]; [`Error::Checkpoint`] for a file that cannot be read or written, or
/// is damaged or of another game.
pub fn misere_quotient_checkpointed<R: HeapRuleset>(
    rules: &R,
    last: u64,
    proof: Option<(u64, u32)>,
    budget: Budget,
    checkpoint: Option<&QuotientCheckpoint>,
    progress: &mut dyn FnMut(u64),
) -> Result<HeapQuotient> {
    let mut quotient = match checkpoint {
        Some(checkpoint) => checkpoint
            .read(rules, budget)?
            .unwrap_or_default()
            .with_budget(budget),
        None => MisereQuotient::new().with_budget(budget),
    };
    let mut written = Instant::now();
    let mut period = None;
    let mut stopped = None;
    let mut examined = 0u64;
    let first = quotient.heap_reached() + 1;
    for n in first..=last {
        progress(n);
        if let Err(stopped) = onag_core::check_stop() {
            // What was learned is kept for a later run to resume from.
            if let Some(checkpoint) = checkpoint {
                checkpoint.write(&quotient)?;
            }
            return Err(stopped.into());
        }
        if let Some(checkpoint) = checkpoint {
            if written.elapsed() >= checkpoint.every {
                checkpoint.write(&quotient)?;
                written = Instant::now();
            }
        }
        let mut options: Vec<Vec<u64>> = Vec::new();
        for option in rules.heap_moves(n) {
            examined += 1;
            if examined > budget.options {
                return Err(budget.exceeded(Resource::Options).into());
            }
            options.push(option.iter().filter(|&h| h > 0).collect());
        }
        match quotient.add_heap(n, &options) {
            Ok(()) => {}
            Err(onag_core::Error::Quotient(why)) => {
                stopped = Some(why.to_string());
                break;
            }
            // A limit met before any heap was added leaves nothing to report: an error, not
            // the quotient of no heaps.
            Err(error @ onag_core::Error::LimitExceeded { .. }) if quotient.heap_reached() == 0 => {
                return Err(error.into());
            }
            Err(error @ onag_core::Error::LimitExceeded { .. }) => {
                stopped = Some(format!("heap {n}: {error}"));
                break;
            }
            Err(onag_core::Error::Stopped) => {
                // A heap left part-way leaves the quotient as it was: what was learned before
                // it is kept for a later run to resume from.
                if let Some(checkpoint) = checkpoint {
                    checkpoint.write(&quotient)?;
                }
                return Err(onag_core::Error::Stopped.into());
            }
            Err(error) => return Err(error.into()),
        }
        period = find_quotient_period(&quotient, proof);
        if period.is_some_and(|period| period.proven) {
            break;
        }
    }
    if let Some(checkpoint) = checkpoint {
        checkpoint.write(&quotient)?;
    }
    // A resumed run that had already gone past its period finds it again here.
    if period.is_none() {
        period = find_quotient_period(&quotient, proof);
    }
    Ok(HeapQuotient {
        quotient,
        period,
        stopped,
    })
}

/// The period of `Φ` the quotient shows, proven when `proof` applies.
fn find_quotient_period(quotient: &MisereQuotient, proof: Option<(u64, u32)>) -> Option<Period> {
    let phi: Values = quotient.pretending().map(|x| x.index() as u64).collect();
    find_period(&phi, false, proof).map(|(preperiod, period, saltus, proven)| Period {
        preperiod,
        period,
        saltus,
        proven,
    })
}
