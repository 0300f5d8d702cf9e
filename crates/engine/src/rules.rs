//! Ruleset parameters, presets and their validation (RULES.md §4).

use std::fmt;
use std::str::FromStr;

/// What stands on a mandarin square at the start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MandarinSetup {
    /// One mandarin (a big stone) worth `mandarin_value` small stones.
    BigStone,
    /// Ten plain small stones and no mandarin.
    SmallStones,
}

impl MandarinSetup {
    pub const ALL: [MandarinSetup; 2] = [MandarinSetup::BigStone, MandarinSetup::SmallStones];

    /// `"big_stone"` or `"small_stones"`, as RULES.md writes them.
    pub const fn name(self) -> &'static str {
        match self {
            MandarinSetup::BigStone => "big_stone",
            MandarinSetup::SmallStones => "small_stones",
        }
    }

    pub fn from_name(name: &str) -> Option<MandarinSetup> {
        MandarinSetup::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// What happens when a player must refill an empty row with fewer than five
/// small stones in store.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RefillShortfall {
    /// Borrow the shortfall; the store goes negative.
    Borrow,
    /// The player loses at once.
    Forfeit,
}

impl RefillShortfall {
    pub const ALL: [RefillShortfall; 2] = [RefillShortfall::Borrow, RefillShortfall::Forfeit];

    /// `"borrow"` or `"forfeit"`, as RULES.md writes them.
    pub const fn name(self) -> &'static str {
        match self {
            RefillShortfall::Borrow => "borrow",
            RefillShortfall::Forfeit => "forfeit",
        }
    }

    pub fn from_name(name: &str) -> Option<RefillShortfall> {
        RefillShortfall::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The named rulesets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Preset {
    Classic,
    Village,
    Online,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Classic, Preset::Village, Preset::Online];

    pub const fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Village => "village",
            Preset::Online => "online",
        }
    }

    /// The preset's parameters.
    pub const fn params(self) -> RuleParams {
        let classic = RuleParams::DEFAULT;
        match self {
            Preset::Classic => classic,
            Preset::Village => RuleParams {
                empty_mandarin_is_gap: true,
                young_mandarin_min: 5,
                ..classic
            },
            Preset::Online => RuleParams {
                mandarin_setup: MandarinSetup::SmallStones,
                first_move_mandarin_ban: true,
                ..classic
            },
        }
    }

    pub const fn rules(self) -> Rules {
        Rules(self.params())
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown preset `{}` (expected classic, village or online)",
            self.0
        )
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPreset(s.to_owned()))
    }
}

/// The seven ruleset parameters, not yet checked. Build a [`Rules`] from
/// them with [`Rules::new`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleParams {
    pub mandarin_setup: MandarinSetup,
    pub mandarin_value: u32,
    pub empty_mandarin_is_gap: bool,
    pub young_mandarin_min: u32,
    pub first_move_mandarin_ban: bool,
    pub refill_shortfall: RefillShortfall,
    pub max_plies: u32,
}

impl RuleParams {
    /// The defaults of RULES.md §4 (the `classic` preset).
    pub const DEFAULT: RuleParams = RuleParams {
        mandarin_setup: MandarinSetup::BigStone,
        mandarin_value: 10,
        empty_mandarin_is_gap: false,
        young_mandarin_min: 0,
        first_move_mandarin_ban: false,
        refill_shortfall: RefillShortfall::Borrow,
        max_plies: 400,
    };
}

impl Default for RuleParams {
    fn default() -> Self {
        RuleParams::DEFAULT
    }
}

/// A ruleset parameter, for naming it in errors.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RuleParam {
    MandarinSetup,
    MandarinValue,
    EmptyMandarinIsGap,
    YoungMandarinMin,
    FirstMoveMandarinBan,
    RefillShortfall,
    MaxPlies,
}

impl RuleParam {
    pub const fn name(self) -> &'static str {
        match self {
            RuleParam::MandarinSetup => "mandarin_setup",
            RuleParam::MandarinValue => "mandarin_value",
            RuleParam::EmptyMandarinIsGap => "empty_mandarin_is_gap",
            RuleParam::YoungMandarinMin => "young_mandarin_min",
            RuleParam::FirstMoveMandarinBan => "first_move_mandarin_ban",
            RuleParam::RefillShortfall => "refill_shortfall",
            RuleParam::MaxPlies => "max_plies",
        }
    }
}

/// A ruleset the engine cannot honour. `field` names the offending parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub field: RuleParam,
    pub message: &'static str,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field.name(), self.message)
    }
}

impl std::error::Error for RulesError {}

/// A checked ruleset: every combination of parameters the engine honours.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules(RuleParams);

impl Rules {
    pub const MAX_PLIES_RANGE: std::ops::RangeInclusive<u32> = 50..=2000;
    pub const YOUNG_MANDARIN_MAX: u32 = 10;

    /// Checks `params`; an impossible combination is rejected, never adjusted.
    pub fn new(params: RuleParams) -> Result<Rules, RulesError> {
        let err = |field, message| Err(RulesError { field, message });
        let big_stone = params.mandarin_setup == MandarinSetup::BigStone;
        if params.mandarin_value != 10 && params.mandarin_value != 5 {
            return err(RuleParam::MandarinValue, "must be 10 or 5");
        }
        if params.mandarin_value == 5 && !big_stone {
            return err(
                RuleParam::MandarinValue,
                "5 is only allowed with mandarin_setup = big_stone (there is no mandarin to value otherwise)",
            );
        }
        if params.young_mandarin_min > Rules::YOUNG_MANDARIN_MAX {
            return err(RuleParam::YoungMandarinMin, "must be 0 (off) or 1..=10");
        }
        if params.young_mandarin_min > 0 && !big_stone {
            return err(
                RuleParam::YoungMandarinMin,
                "is only allowed with mandarin_setup = big_stone (a young mandarin needs a mandarin)",
            );
        }
        if !Rules::MAX_PLIES_RANGE.contains(&params.max_plies) {
            return err(RuleParam::MaxPlies, "must be within 50..=2000");
        }
        Ok(Rules(params))
    }

    pub const fn params(&self) -> RuleParams {
        self.0
    }

    /// The preset these rules are exactly equal to, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.params() == self.0)
    }

    #[inline]
    pub const fn mandarin_setup(&self) -> MandarinSetup {
        self.0.mandarin_setup
    }
    #[inline]
    pub const fn mandarin_value(&self) -> u32 {
        self.0.mandarin_value
    }
    #[inline]
    pub const fn empty_mandarin_is_gap(&self) -> bool {
        self.0.empty_mandarin_is_gap
    }
    #[inline]
    pub const fn young_mandarin_min(&self) -> u32 {
        self.0.young_mandarin_min
    }
    #[inline]
    pub const fn first_move_mandarin_ban(&self) -> bool {
        self.0.first_move_mandarin_ban
    }
    #[inline]
    pub const fn refill_shortfall(&self) -> RefillShortfall {
        self.0.refill_shortfall
    }
    #[inline]
    pub const fn max_plies(&self) -> u32 {
        self.0.max_plies
    }
}

impl Default for Rules {
    fn default() -> Self {
        Preset::Classic.rules()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_recognised() {
        for p in Preset::ALL {
            let rules = Rules::new(p.params()).unwrap();
            assert_eq!(rules.preset(), Some(p));
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
        }
        assert_eq!("VILLAGE".parse::<Preset>(), Ok(Preset::Village));
        assert!("standard".parse::<Preset>().is_err());
    }

    #[test]
    fn presets_differ_from_the_defaults_as_documented() {
        assert_eq!(Preset::Classic.params(), RuleParams::DEFAULT);
        let v = Preset::Village.params();
        assert!(v.empty_mandarin_is_gap);
        assert_eq!(v.young_mandarin_min, 5);
        let o = Preset::Online.params();
        assert_eq!(o.mandarin_setup, MandarinSetup::SmallStones);
        assert!(o.first_move_mandarin_ban);
    }

    #[test]
    fn value_names_round_trip() {
        for m in MandarinSetup::ALL {
            assert_eq!(MandarinSetup::from_name(m.name()), Some(m));
        }
        for r in RefillShortfall::ALL {
            assert_eq!(RefillShortfall::from_name(r.name()), Some(r));
        }
        assert_eq!(MandarinSetup::from_name("Big_Stone"), None);
    }

    #[test]
    fn a_custom_mix_has_no_preset() {
        let rules = Rules::new(RuleParams {
            max_plies: 100,
            ..RuleParams::DEFAULT
        })
        .unwrap();
        assert_eq!(rules.preset(), None);
    }

    fn field_of(params: RuleParams) -> RuleParam {
        Rules::new(params).unwrap_err().field
    }

    #[test]
    fn impossible_combinations_name_the_field() {
        let d = RuleParams::DEFAULT;
        let small = RuleParams {
            mandarin_setup: MandarinSetup::SmallStones,
            ..d
        };
        assert_eq!(
            field_of(RuleParams {
                mandarin_value: 7,
                ..d
            }),
            RuleParam::MandarinValue
        );
        assert_eq!(
            field_of(RuleParams {
                mandarin_value: 5,
                ..small
            }),
            RuleParam::MandarinValue
        );
        assert_eq!(
            field_of(RuleParams {
                young_mandarin_min: 3,
                ..small
            }),
            RuleParam::YoungMandarinMin
        );
        assert_eq!(
            field_of(RuleParams {
                young_mandarin_min: 11,
                ..d
            }),
            RuleParam::YoungMandarinMin
        );
        assert_eq!(
            field_of(RuleParams { max_plies: 49, ..d }),
            RuleParam::MaxPlies
        );
        assert_eq!(
            field_of(RuleParams {
                max_plies: 2001,
                ..d
            }),
            RuleParam::MaxPlies
        );
        assert!(Rules::new(RuleParams {
            max_plies: 50,
            mandarin_value: 5,
            young_mandarin_min: 10,
            ..d
        })
        .is_ok());
        assert!(Rules::new(RuleParams {
            max_plies: 2000,
            ..small
        })
        .is_ok());
    }
}
