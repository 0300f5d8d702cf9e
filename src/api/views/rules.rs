use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{MandarinSetup, Preset, RefillShortfall, RuleParams, Rules, RulesError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PresetName {
    Classic,
    Village,
    Online,
}

impl From<PresetName> for Preset {
    fn from(name: PresetName) -> Self {
        match name {
            PresetName::Classic => Preset::Classic,
            PresetName::Village => Preset::Village,
            PresetName::Online => Preset::Online,
        }
    }
}

impl From<Preset> for PresetName {
    fn from(preset: Preset) -> Self {
        match preset {
            Preset::Classic => PresetName::Classic,
            Preset::Village => PresetName::Village,
            Preset::Online => PresetName::Online,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MandarinSetupName {
    BigStone,
    SmallStones,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefillShortfallName {
    Borrow,
    Forfeit,
}

/// A ruleset: a preset (default `classic`) and any parameters that differ
/// from it. See RULES.md §4 for each parameter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"preset": "village", "max_plies": 200}))]
pub struct RulesInput {
    pub preset: Option<PresetName>,
    pub mandarin_setup: Option<MandarinSetupName>,
    /// 10 or 5 (5 only with `big_stone`).
    #[schema(minimum = 5, maximum = 10, multiple_of = 5)]
    pub mandarin_value: Option<u32>,
    pub empty_mandarin_is_gap: Option<bool>,
    /// 0 (off) or 1..=10 (only with `big_stone`).
    #[schema(minimum = 0, maximum = 10)]
    pub young_mandarin_min: Option<u32>,
    pub first_move_mandarin_ban: Option<bool>,
    pub refill_shortfall: Option<RefillShortfallName>,
    /// 50..=2000.
    #[schema(minimum = 50, maximum = 2000)]
    pub max_plies: Option<u32>,
}

impl RulesInput {
    /// The preset's parameters with the overrides applied, checked.
    pub fn resolve(&self) -> Result<Rules, RulesError> {
        let base = Preset::from(self.preset.unwrap_or(PresetName::Classic)).params();
        Rules::new(RuleParams {
            mandarin_setup: match self.mandarin_setup {
                Some(MandarinSetupName::BigStone) => MandarinSetup::BigStone,
                Some(MandarinSetupName::SmallStones) => MandarinSetup::SmallStones,
                None => base.mandarin_setup,
            },
            mandarin_value: self.mandarin_value.unwrap_or(base.mandarin_value),
            empty_mandarin_is_gap: self
                .empty_mandarin_is_gap
                .unwrap_or(base.empty_mandarin_is_gap),
            young_mandarin_min: self.young_mandarin_min.unwrap_or(base.young_mandarin_min),
            first_move_mandarin_ban: self
                .first_move_mandarin_ban
                .unwrap_or(base.first_move_mandarin_ban),
            refill_shortfall: match self.refill_shortfall {
                Some(RefillShortfallName::Borrow) => RefillShortfall::Borrow,
                Some(RefillShortfallName::Forfeit) => RefillShortfall::Forfeit,
                None => base.refill_shortfall,
            },
            max_plies: self.max_plies.unwrap_or(base.max_plies),
        })
    }
}

/// The ruleset in force, every parameter resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({
    "preset": "classic", "mandarin_setup": "big_stone", "mandarin_value": 10,
    "empty_mandarin_is_gap": false, "young_mandarin_min": 0,
    "first_move_mandarin_ban": false, "refill_shortfall": "borrow", "max_plies": 400
}))]
pub struct RulesView {
    /// The preset these parameters equal, or `null` for a custom mix.
    #[schema(required = true)]
    pub preset: Option<PresetName>,
    pub mandarin_setup: MandarinSetupName,
    pub mandarin_value: u32,
    pub empty_mandarin_is_gap: bool,
    pub young_mandarin_min: u32,
    pub first_move_mandarin_ban: bool,
    pub refill_shortfall: RefillShortfallName,
    pub max_plies: u32,
}

impl From<&Rules> for RulesView {
    fn from(rules: &Rules) -> Self {
        let p = rules.params();
        RulesView {
            preset: rules.preset().map(PresetName::from),
            mandarin_setup: match p.mandarin_setup {
                MandarinSetup::BigStone => MandarinSetupName::BigStone,
                MandarinSetup::SmallStones => MandarinSetupName::SmallStones,
            },
            mandarin_value: p.mandarin_value,
            empty_mandarin_is_gap: p.empty_mandarin_is_gap,
            young_mandarin_min: p.young_mandarin_min,
            first_move_mandarin_ban: p.first_move_mandarin_ban,
            refill_shortfall: match p.refill_shortfall {
                RefillShortfall::Borrow => RefillShortfallName::Borrow,
                RefillShortfall::Forfeit => RefillShortfallName::Forfeit,
            },
            max_plies: p.max_plies,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_with_overrides_resolves_to_the_mix() {
        let input: RulesInput =
            serde_json::from_str(r#"{"preset": "village", "max_plies": 100}"#).unwrap();
        let rules = input.resolve().unwrap();
        assert!(rules.empty_mandarin_is_gap());
        assert_eq!(rules.young_mandarin_min(), 5);
        assert_eq!(rules.max_plies(), 100);
        assert_eq!(rules.preset(), None);
        assert_eq!(RulesInput::default().resolve(), Ok(Preset::Classic.rules()));
    }

    #[test]
    fn overrides_equal_to_a_preset_are_that_preset() {
        let input: RulesInput = serde_json::from_str(
            r#"{"mandarin_setup": "small_stones", "first_move_mandarin_ban": true}"#,
        )
        .unwrap();
        assert_eq!(input.resolve().unwrap().preset(), Some(Preset::Online));
    }

    #[test]
    fn impossible_mixes_name_the_parameter() {
        let input: RulesInput =
            serde_json::from_str(r#"{"preset": "online", "young_mandarin_min": 3}"#).unwrap();
        assert_eq!(
            input.resolve().unwrap_err().field.name(),
            "young_mandarin_min"
        );
        assert!(serde_json::from_str::<RulesInput>(r#"{"colour": "red"}"#).is_err());
    }
}
