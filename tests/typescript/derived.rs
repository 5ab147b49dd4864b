//! A derived type's declaration, through its schema: serde's names, the
//! doc comments as descriptions, an enum of unit variants as a union of
//! literals, `Option` as an optional property.

use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Moves a shape.
#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
pub struct MoveShape {
    /// The shape to move.
    shape_id: String,
    /// Pixels to the right.
    #[tool_args(minimum = -100, maximum = 100)]
    dx: i32,
    mode: Mode,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<Vec<String>>,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Slide,
    Jump,
}

/// Calls of `MoveShape`, as serde writes them.
pub fn values() -> Vec<Value> {
    let calls = [
        MoveShape {
            shape_id: "s1".into(),
            dx: -100,
            mode: Mode::Slide,
            tags: None,
        },
        MoveShape {
            shape_id: String::new(),
            dx: 7,
            mode: Mode::Jump,
            tags: Some(vec!["a".into()]),
        },
    ];
    calls
        .iter()
        .map(|call| serde_json::to_value(call).expect("a call serializes"))
        .collect()
}

#[test]
fn a_derived_type_is_declared_with_its_serde_names_and_docs() {
    let declaration = MoveShape::schema().typescript("MoveShapeArgs");
    let expected = r#"/** Moves a shape. */
export type MoveShapeArgs = {
  /** The shape to move. */
  shapeId: string;
  /**
   * Pixels to the right.
   * @integer
   * @minimum -100
   * @maximum 100
   */
  dx: number;
  mode: "slide" | "jump";
  tags?: string[];
  [key: string]: unknown;
};
"#;
    assert_eq!(declaration, expected);
}
