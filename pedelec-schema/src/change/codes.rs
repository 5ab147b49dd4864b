//! [`ChangeCode`]: every change a bridge can report, one section per
//! bridge, each code with its stable name, its [`Effect`] and its
//! [`Severity`].

use super::Effect;
use crate::diagnostic::Severity;

// One section per bridge, so that each keeps its codes together.
code_enum! {
    /// What a change was. Each code has a stable snake_case name (see
    /// [`ChangeCode::as_str`]) that tools may match on, one [`Effect`]
    /// and one [`Severity`].
    #[non_exhaustive]
    pub enum ChangeCode: (Effect, Severity), using { Effect::*, Severity::* } {
        // Conversion into the subset (`convert`).

        // Keywords without effect on the accepted values.

        /// A keyword that only annotates was dropped: `$schema`, `$id`,
        /// `$comment`, `$anchor`, `readOnly`, `writeOnly`, `deprecated`,
        /// `contentMediaType`, `contentEncoding`, OpenAPI's `discriminator`, a
        /// `title` beside a `description`, an annotation of the wrong type, a
        /// `format` that every value of its type meets (`double`). Nothing to
        /// check.
        AnnotationDropped = "annotation_dropped" => (Lossless, Note);
        /// A key that is not a JSON Schema keyword (`x-...` extensions,
        /// `propertyOrdering`, ...) was dropped; JSON Schema ignores such keys.
        /// Nothing to check.
        UnknownKeywordDropped = "unknown_keyword_dropped" => (Lossless, Note);
        /// `title` became `description` (the node had none). Nothing to check.
        TitleToDescription = "title_to_description" => (Lossless, Note);
        /// OpenAPI's `example` became an entry of `examples`. Nothing to check.
        ExampleToExamples = "example_to_examples" => (Lossless, Note);
        /// A `default` the converted node refuses was dropped, so that an agent
        /// that copies it gets no error (often `null` beside a null that was
        /// dropped). Nothing to check; the handler still decides what a missing
        /// property means.
        DefaultDropped = "default_dropped" => (Lossless, Note);
        /// An entry of `examples` the converted node refuses was dropped.
        /// Nothing to check.
        ExampleDropped = "example_dropped" => (Lossless, Note);
        /// `$defs` or `definitions` was dropped: each definition is written
        /// inline where it is referenced, and unused ones go. Nothing to check.
        DefinitionsDropped = "definitions_dropped" => (Lossless, Note);
        /// A keyword that constrains nothing was dropped:
        /// `additionalProperties: true`, `propertyNames: {"type": "string"}`,
        /// `exclusiveMinimum: false`, `then` without `if`, ... Nothing to check.
        NoOpConstraintDropped = "no_op_constraint_dropped" => (Lossless, Note);
        /// A keyword of another type than the node's was dropped
        /// (`minLength` on an integer node): it never applied. Nothing to check.
        InapplicableKeywordDropped = "inapplicable_keyword_dropped" => (Lossless, Note);

        // References.

        /// A local `$ref` was replaced by the node it points to; changes inside
        /// that node carry the pointer of its definition. Nothing to check.
        RefInlined = "ref_inlined" => (Lossless, Note);
        /// Draft 4 to 7 ignore every keyword beside `$ref`; such a keyword was
        /// dropped. Nothing to check.
        RefSiblingsIgnored = "ref_siblings_ignored" => (Lossless, Note);
        /// A reference to a definition that contains itself was followed to
        /// the depth the converter allows, then dropped there. The handler must
        /// check what lies deeper.
        RecursiveRefCut = "recursive_ref_cut" => (Widens, Note);
        /// A reference to another document was dropped: the converter never
        /// fetches anything. The handler must check what that schema said.
        RemoteRefDropped = "remote_ref_dropped" => (Widens, Note);

        // Null, which the subset cannot write.

        /// A node no longer accepts `null` (`type: [T, "null"]`, an `anyOf`
        /// branch `{"type": "null"}`, OpenAPI's `nullable: true`, `null` in an
        /// `enum`): the converted node accepts the other values only. An agent
        /// must leave an optional property out instead of sending `null`.
        NullDropped = "null_dropped" => (Narrows, Note);
        /// A required property whose node accepted `null` (as OpenAI's strict
        /// mode writes every optional property) became an optional property
        /// without `null`: it may now be missing (which widens) and may no
        /// longer be `null` (which narrows). The handler must treat a missing
        /// property as it treated `null`; `ToolArgsSchema::normalize` removes
        /// the `null`s a model sends.
        NullableRequiredMadeOptional = "nullable_required_made_optional" => (Narrows, Note);

        // Types.

        /// A dialect's spelling of a type name (Gemini's `"STRING"`) became
        /// JSON Schema's (`"string"`). Nothing to check.
        TypeNameNormalized = "type_name_normalized" => (Lossless, Note);
        /// Gemini's `type` beside `anyOf` was dropped: the Google Gen AI SDK
        /// writes `"type": "OBJECT"` there as a placeholder for a union, and
        /// the union is what the producer meant. Nothing to check.
        UnionTypePlaceholderDropped = "union_type_placeholder_dropped" => (Lossless, Note);
        /// A node of several types became a `oneOf` with one branch per type
        /// (or the one type that can pass). Nothing to check.
        TypeArraySplit = "type_array_split" => (Lossless, Note);
        /// A node without `type` got the type of its `enum` or `const` values.
        /// Nothing to check.
        TypeFromEnum = "type_from_enum" => (Lossless, Note);
        /// A node without `type` got the type its keywords constrain
        /// (`minLength` -> string); the source also accepted every value of
        /// other types, which the converted node refuses.
        TypeInferred = "type_inferred" => (Narrows, Note);
        /// Under draft 4, `integer` refuses numbers written with a fraction
        /// part (`1.0`); the subset's `integer` accepts them. The handler must
        /// refuse `1.0` if it cares how the number was written.
        Draft4IntegerWidened = "draft4_integer_widened" => (Widens, Note);

        // `const` and `enum`.

        /// `const: v` became `enum: [v]`. Nothing to check.
        ConstToEnum = "const_to_enum" => (Lossless, Note);
        /// An `enum` of values of several types became a `oneOf` of typed
        /// `enum`s. Nothing to check.
        EnumSplitByType = "enum_split_by_type" => (Lossless, Note);
        /// An `enum` value that the node's type refuses anyway was dropped.
        /// Nothing to check.
        UnreachableEnumValueDropped = "unreachable_enum_value_dropped" => (Lossless, Note);
        /// An `enum` of element values on an array node, which no array could
        /// pass, was moved to `items`, as its author evidently meant: each
        /// element must be one of them. The source accepted no value there,
        /// so this accepts more than it did; nothing to check.
        EnumMovedToItems = "enum_moved_to_items" => (Widens, Note);
        /// An `enum` written as strings on an integer, number or boolean
        /// node, which no value could pass, lists what the strings spell:
        /// `"2"` is the integer 2, `"True"` the boolean `true`, and a string
        /// that spells no such value stays a string. The source accepted no
        /// value there, so this accepts more than it did; nothing to check.
        EnumStringsRetyped = "enum_strings_retyped" => (Widens, Note);
        /// An `enum` or `const` of arrays or objects was dropped: the subset
        /// lists only strings, numbers and booleans. The handler must check the
        /// value is one of those listed.
        StructuredEnumDropped = "structured_enum_dropped" => (Widens, Note);

        // Properties.

        /// An optional property whose node accepts anything was dropped: the
        /// subset cannot write such a node, and an unnamed property is allowed
        /// anyway. Nothing to check.
        UnconstrainedPropertyDropped = "unconstrained_property_dropped" => (Lossless, Note);
        /// A required property whose node accepts anything was dropped from
        /// `properties` and `required`. The handler must check it is present.
        RequiredUnconstrainedPropertyDropped = "required_unconstrained_property_dropped" => (Widens, Note);
        /// A property whose node the subset cannot write (an array whose items
        /// may be anything, a node that accepts only `null`, ...) was dropped.
        /// The handler must check what its node said; the message says what.
        UnwritablePropertyDropped = "unwritable_property_dropped" => (Widens, Note);
        /// An optional property whose node accepts no value (so it had to be
        /// absent) was dropped. The handler must refuse it when present.
        ImpossiblePropertyDropped = "impossible_property_dropped" => (Widens, Note);
        /// A `required` name without a node in `properties` was dropped. The
        /// handler must check the property is present.
        RequiredWithoutPropertyDropped = "required_without_property_dropped" => (Widens, Note);
        /// A name listed twice in `required` is listed once. Nothing to check.
        DuplicateRequiredDropped = "duplicate_required_dropped" => (Lossless, Note);

        // Numbers and strings.

        /// `exclusiveMinimum`/`exclusiveMaximum` on an integer node became the
        /// inclusive bound next to it (`exclusiveMinimum: 0` -> `minimum: 1`).
        /// Nothing to check.
        ExclusiveBoundOnInteger = "exclusive_bound_on_integer" => (Lossless, Note);
        /// `exclusiveMinimum`/`exclusiveMaximum` on a number node became
        /// inclusive. The handler must refuse the bound itself.
        ExclusiveBoundMadeInclusive = "exclusive_bound_made_inclusive" => (Widens, Note);
        /// An integer `format` with a range (`int8` ... `int64`, `uint8` ...
        /// `uint64`, as schemars writes them) became `type: integer` with
        /// `minimum`/`maximum`. Nothing to check.
        IntegerFormatToBounds = "integer_format_to_bounds" => (Lossless, Note);
        /// A `format` was dropped (`date-time`, `uri`, `email`, `float`,
        /// ...). The handler must check the format.
        FormatDropped = "format_dropped" => (Widens, Note);
        /// A `pattern` was dropped: the subset's engine cannot run it
        /// (lookaround, backreferences), or `allOf` gave a node two patterns
        /// and one node holds one. The handler must check it.
        PatternDropped = "pattern_dropped" => (Widens, Note);

        // Constraints the subset cannot hold.

        /// A constraint the subset has no keyword for was dropped:
        /// `additionalProperties` (other than `true`), `patternProperties`,
        /// `propertyNames`, `minProperties`/`maxProperties`,
        /// `dependentRequired`, `dependentSchemas`, `multipleOf`, `contains`,
        /// `not`, `if`/`then`/`else`, `unevaluated*`, dynamic references. The
        /// handler must check it; the message says what it was.
        ConstraintDropped = "constraint_dropped" => (Widens, Note);

        // Composition.

        /// `allOf` was merged into its node, keeping every constraint. Nothing
        /// to check (anything the merge could not keep has its own change).
        AllOfMerged = "all_of_merged" => (Lossless, Note);
        /// Keywords beside `oneOf`/`anyOf` (a `type`, shared `properties`)
        /// were moved into every branch. Nothing to check.
        MergedIntoBranches = "merged_into_branches" => (Lossless, Note);
        /// `anyOf` became `oneOf`: no value can match two of its branches.
        /// Nothing to check.
        AnyOfToOneOf = "any_of_to_one_of" => (Lossless, Note);
        /// `anyOf` became `oneOf` although some values match two branches:
        /// those values are now refused (the subset's `oneOf` wants exactly
        /// one). Chosen over merging the branches, which would keep no branch's
        /// shape; the message names the branches that overlap.
        AnyOfOverlapToOneOf = "any_of_overlap_to_one_of" => (Narrows, Note);
        /// A branch of a `oneOf` lost a constraint (another change widens it),
        /// and it may now accept a value that another branch accepts too: the
        /// `oneOf`, which wants exactly one branch, refuses such a value,
        /// although the source accepted it. The message names the branches.
        OneOfBranchWidened = "one_of_branch_widened" => (Narrows, Note);
        /// A union branch that another branch contains (`integer` beside
        /// `number`, a repeated branch) was dropped. Nothing to check.
        SubsumedBranchDropped = "subsumed_branch_dropped" => (Lossless, Note);
        /// A union branch that accepts no value was dropped. Nothing to check.
        ImpossibleBranchDropped = "impossible_branch_dropped" => (Lossless, Note);

        // Arrays.

        /// A tuple (`prefixItems`, or `items` as an array) became one `items`
        /// node that accepts what any position accepted; a closed tuple's
        /// length became `maxItems`. The handler must check which element sits
        /// where.
        TupleToItems = "tuple_to_items" => (Widens, Note);

        // The root.

        /// The root became an object node although the source also accepted
        /// values that are not objects. Tool arguments are always an object,
        /// so no call an agent can make is refused.
        RootMadeObject = "root_made_object" => (Narrows, Note);
        /// The root was a union of object shapes; it became one object node
        /// with what every shape shares (a property in every shape, required
        /// where every shape requires it). The handler must check which shape
        /// it received.
        RootUnionMerged = "root_union_merged" => (Widens, Note);

        // Export to a provider (`ToolArgsSchema::export`). The pointer is into
        // our schema: at the keyword that was removed or rewritten, or at the
        // node that gained one. See the crate docs, "Export to a provider".

        /// A `oneOf` whose branches no value can match twice became `anyOf`
        /// (OpenAI strict, Anthropic strict and Gemini's OpenAPI schema have no
        /// `oneOf`; Gemini's JSON Schema reads it as `anyOf`). The
        /// branches are disjoint as `lint` decides it (no `ambiguous_one_of`),
        /// so "exactly one" and "at least one" accept the same values. Nothing
        /// is left for the handler.
        OneOfToAnyOf = "one_of_to_any_of" => (Lossless, Note);
        /// A `oneOf` whose branches may overlap became `anyOf`: a value that two
        /// branches accept, which `oneOf` refuses, now passes the provider. The
        /// handler's `validate` still refuses it.
        OverlappingOneOfToAnyOf = "overlapping_one_of_to_any_of" => (Widens, Note);
        /// OpenAI strict: an optional property became required and nullable
        /// (`"type": ["T", "null"]` with `null` added to an `enum`, or a
        /// `{"type": "null"}` branch for a `oneOf` node). The model sends
        /// `null` where it would leave the property out. Lossless once
        /// [`normalize`](crate::ToolArgsSchema::normalize) has turned each such
        /// `null` back into an absent property, which the handler must call
        /// before validating.
        OptionalToNullable = "optional_to_nullable" => (Lossless, Note);
        /// A strict mode demands `additionalProperties: false`, which the subset
        /// cannot say: properties the schema does not name, which our schema
        /// allows, are refused by the provider. The handler sees none.
        AdditionalPropertiesFalse = "additional_properties_false" => (Narrows, Note);
        /// `default` was removed (it is not in OpenAI's documented subset for
        /// strict mode) and written into `description`. Guidance only: the
        /// accepted values are the same.
        DefaultToDescription = "default_to_description" => (Lossless, Note);
        /// `examples` was removed (OpenAI and Anthropic strict modes do not list
        /// it) and written into `description`. Guidance only.
        ExamplesToDescription = "examples_to_description" => (Lossless, Note);
        /// Gemini (OpenAPI): `examples` became OpenAPI's single `example`, the
        /// first one; the others are dropped. Guidance only.
        ExamplesToExample = "examples_to_example" => (Lossless, Note);
        /// `minLength` was removed and written into `description`; the provider
        /// may send shorter strings. The handler's `validate` still refuses them.
        MinLengthRemoved = "min_length_removed" => (Widens, Note);
        /// `maxLength` was removed and written into `description`; the provider
        /// may send longer strings. The handler's `validate` still refuses them.
        MaxLengthRemoved = "max_length_removed" => (Widens, Note);
        /// Anthropic strict: `pattern` uses a word boundary (`\b`, `\B`), which
        /// the provider refuses; it was removed and written into `description`.
        /// The handler's `validate` still checks it.
        PatternRemoved = "pattern_removed" => (Widens, Note);
        /// Anthropic strict: `minimum` was removed and written into
        /// `description`. The handler's `validate` still enforces it.
        MinimumRemoved = "minimum_removed" => (Widens, Note);
        /// Anthropic strict: `maximum` was removed and written into
        /// `description`. The handler's `validate` still enforces it.
        MaximumRemoved = "maximum_removed" => (Widens, Note);
        /// Anthropic strict: `minItems` above 1 became 1 (the provider takes
        /// only 0 and 1); the value is written into `description`. The handler's
        /// `validate` still enforces the original bound.
        MinItemsLowered = "min_items_lowered" => (Widens, Note);
        /// Anthropic strict: `maxItems` was removed and written into
        /// `description`. The handler's `validate` still enforces it.
        MaxItemsRemoved = "max_items_removed" => (Widens, Note);
        /// `uniqueItems` was removed and written into `description`: the
        /// provider or engine does not support it. The handler's `validate`
        /// still refuses arrays with equal elements.
        UniqueItemsRemoved = "unique_items_removed" => (Widens, Note);
        /// Gemini: a boolean `enum` was removed (Gemini's JSON Schema `enum`
        /// holds strings and numbers), or for its OpenAPI schema a number,
        /// integer or boolean one (whose `enum` holds strings only), and written
        /// into `description`. The handler's `validate` still refuses other
        /// values.
        EnumRemoved = "enum_removed" => (Widens, Note);
        /// Gemini: a boolean `enum` listing both `true` and `false` was removed;
        /// it allowed every boolean, so nothing is lost.
        FullBooleanEnumRemoved = "full_boolean_enum_removed" => (Lossless, Note);
        /// Gemini: `propertyOrdering` was added, listing the properties in the
        /// schema's order, so that the model writes them in that order.
        PropertyOrderingAdded = "property_ordering_added" => (Lossless, Note);
        /// Gemini (OpenAPI): an empty `properties` or `required` is left out.
        /// Gemini has been seen to refuse an object with empty `properties`
        /// ("should be non-empty for OBJECT type"), and OpenAPI 3.0 asks
        /// `required` to list at least one name; both are optional, so the same
        /// values pass.
        EmptyKeywordsOmitted = "empty_keywords_omitted" => (Lossless, Note);
        /// OpenAI strict: the schema has more than 5,000 object properties in
        /// all, OpenAI's documented limit; the provider will refuse it. Split
        /// the tool.
        OpenAiTooManyProperties = "openai_too_many_properties" => (Lossless, Error);
        /// OpenAI strict: nodes nest more than 10 levels below the root (each
        /// property, `items` and `anyOf` branch is a level), OpenAI's documented
        /// limit; the provider will refuse it. Flatten the arguments.
        OpenAiTooDeep = "openai_too_deep" => (Lossless, Error);
        /// OpenAI strict: more than 1,000 `enum` values in all, OpenAI's
        /// documented limit; the provider will refuse the schema.
        OpenAiTooManyEnumValues = "openai_too_many_enum_values" => (Lossless, Error);
        /// OpenAI strict: property names and `enum` values are longer than
        /// 120,000 characters in all, OpenAI's documented limit; the provider
        /// will refuse the schema.
        OpenAiStringsTooLong = "openai_strings_too_long" => (Lossless, Error);
        /// OpenAI strict: one string `enum` with more than 250 values whose
        /// values are longer than 15,000 characters in all, OpenAI's documented
        /// limit; the provider will refuse the schema.
        OpenAiEnumTooLong = "openai_enum_too_long" => (Lossless, Error);
        /// Anthropic strict: more than 24 optional properties, counted at every
        /// depth, Anthropic's documented limit for all strict schemas of a
        /// request together; the provider will refuse the request. The handler
        /// must also keep the sum over all strict tools of a request within it.
        AnthropicTooManyOptional = "anthropic_too_many_optional" => (Lossless, Error);
        /// Anthropic strict: more than 16 `anyOf` nodes (our `oneOf`s), the
        /// documented limit on union parameters for all strict schemas of a
        /// request together; the provider will refuse the request.
        AnthropicTooManyUnions = "anthropic_too_many_unions" => (Lossless, Error);
        /// Gemini tool definition: a tool without arguments is written without
        /// `parameters`, as Gemini's `FunctionDeclaration` documents, rather than
        /// with an object of no properties, which Gemini has been seen to refuse.
        ParametersOmitted = "parameters_omitted" => (Lossless, Note);
        /// MCP: a tool without arguments gets the `inputSchema` the MCP
        /// specification recommends, `{"type": "object", "additionalProperties":
        /// false}`, which accepts only `{}` where our schema accepts any
        /// object. The handler sees no property it does not name.
        ClosedWithoutArguments = "closed_without_arguments" => (Narrows, Note);
        /// Tool definition: the provider refuses the tool's name (OpenAI and
        /// Anthropic take 1 to 64 of `[a-zA-Z0-9_-]`, Gemini 1 to 64 starting
        /// with a letter or `_`); the definition is written, and the provider
        /// will refuse it. Rename the tool for that provider.
        ToolNameRefused = "tool_name_refused" => (Lossless, Error);
        /// Tool definition: the provider's tool shape has no place for an
        /// output schema (OpenAI, Anthropic, the Chat Completions tools of the
        /// engines), so it is left out; the model does not see it. The server
        /// still checks its results against it.
        OutputSchemaOmitted = "output_schema_omitted" => (Lossless, Note);
        /// Tool definition: the arguments' root `description` is the tool's
        /// description (a derived type's doc comment), so it is written once,
        /// as the tool's `description`, and left out of the arguments' schema,
        /// where the model would read it a second time. Nothing to check.
        RootDescriptionOmitted = "root_description_omitted" => (Lossless, Note);

        // Grammars for constrained decoding (`ToolArgsSchema::grammar`). A
        // grammar is sound: what it accepts, `validate` accepts, except where a
        // `widens` change names the keyword it cannot hold. It narrows only in
        // the documented ways (`crate::grammar`), each reported where it applies.

        /// Grammar: `uniqueItems` is not enforced; no context-free grammar can
        /// say that the items differ. The handler's `validate` refuses repeats.
        GrammarUniqueItemsUnenforced = "grammar_unique_items_unenforced" => (Widens, Note);
        /// Grammar: the `oneOf` branches are not provably disjoint, so the
        /// grammar takes a value that matches any branch; `validate` refuses a
        /// value that two branches accept.
        GrammarOneOfOverlap = "grammar_one_of_overlap" => (Widens, Note);
        /// Grammar (GBNF): a `minLength` or `maxLength` beside a `pattern` is not
        /// enforced: GBNF has no intersection and the pattern's shape gives no
        /// exact product. The grammar holds the pattern; `validate` the length.
        GrammarLengthBesidePattern = "grammar_length_beside_pattern" => (Widens, Note);
        /// Grammar: an assertion (`^`, `$`, `\b`, `\B`) inside a repetition
        /// counted past 16 copies (`(?:\ba){17}`) is taken as always true;
        /// `validate` still checks it. Every other assertion is exact.
        GrammarPatternAssertion = "grammar_pattern_assertion" => (Widens, Note);
        /// Grammar: the object's properties are written in the schema's order,
        /// each at most once, only those the schema names, each name spelled as
        /// serde_json writes it.
        GrammarObjectShape = "grammar_object_shape" => (Narrows, Note);
        /// Grammar: whitespace is bounded. GBNF: a run between tokens is at
        /// most `grammar::MAX_WHITESPACE` characters, so that a model cannot
        /// loop on it. Lark: none after the last token (its whitespace is
        /// llguidance's skip, which comes before a token).
        GrammarWhitespaceBounded = "grammar_whitespace_bounded" => (Narrows, Note);
        /// Grammar: an integer is written without a fraction or an exponent
        /// (`3`, not `3.0` or `3e0`), in at most 308 digits; one beyond the
        /// `u64`/`i64` range (read as a float) only 16 floats inside a bound.
        GrammarIntegerSpelling = "grammar_integer_spelling" => (Narrows, Note);
        /// Grammar: a number is written in the grammar's decimal forms: with a
        /// `minimum` or `maximum`, without an exponent; without either, with an
        /// exponent only after a one-digit mantissa and small enough that the
        /// number stays finite (at most 308 integer digits in every case). Near
        /// a bound, only texts serde_json reads exactly (15 significant digits,
        /// 22 after the point) or that lie 16 floats inside it.
        GrammarNumberSpelling = "grammar_number_spelling" => (Narrows, Note);
        /// Grammar: no arguments satisfy the schema (a required property whose
        /// node accepts no value, such as an integer between 2.5 and 2.7), so
        /// the grammar accepts no text, and an engine has nothing to sample:
        /// llguidance refuses to compute a mask. Fix the schema.
        GrammarEmpty = "grammar_empty" => (Lossless, Error);
        /// Grammar: an `enum` value is written as serde_json writes it (`"é"`,
        /// not `"\u00e9"`; `1`, not `1.0`).
        GrammarEnumSpelling = "grammar_enum_spelling" => (Narrows, Note);

        // Tolerant intake of arguments (`ToolArgsSchema::coerce`). Every
        // coercion widens: the schema refused the value as it came, and
        // validation after `coerce` accepts what the agent meant. The schema
        // itself does not change; what widens is what the tool takes in.

        /// A string under an `integer` or `number` node whose whole text is a
        /// JSON number (`"42"`, `"-1.5e3"`) became that number, exactly as the
        /// same text unquoted would have been read. Widens: `{"n": "42"}` is
        /// now taken as `{"n": 42}`.
        NumberFromString = "number_from_string" => (Widens, Note);
        /// The string `"true"` or `"false"` under a `boolean` node became the
        /// boolean. Widens.
        BooleanFromString = "boolean_from_string" => (Widens, Note);
        /// A string under an `array` node that holds a JSON array became that
        /// array (and its items were then coerced in turn). Widens.
        ArrayFromJsonText = "array_from_json_text" => (Widens, Note);
        /// A string under an `object` node (the root included) that holds a
        /// JSON object became that object (and its properties were then coerced
        /// in turn). Widens.
        ObjectFromJsonText = "object_from_json_text" => (Widens, Note);
        /// A lone value under an `array` node, of the type of the array's items,
        /// became a one-item array. Widens: `{"tags": "a"}` is now taken as
        /// `{"tags": ["a"]}`.
        WrappedInArray = "wrapped_in_array" => (Widens, Note);

        // Arguments sent under an export's rules, brought back to the schema
        // (`ToolArgsSchema::normalize`, and the paths that call it: the
        // `from_provider_args` methods, a stream `stream_for` a profile,
        // `CheckedWith` with a provider policy). The pointer is into the
        // arguments.

        /// The `null` of an optional property was taken out: the export made
        /// the property required and nullable (`optional_to_nullable`), so the
        /// model sends `null` for a property it leaves out. Lossless: the two
        /// changes together accept exactly what the schema accepts.
        OptionalNullRemoved = "optional_null_removed" => (Lossless, Note);

        // Repair of argument text (`ToolArgsSchema::repair`). Each repair
        // reads text that is not JSON as the one value its writer meant, where
        // the schema leaves one reading; the pointer is into the value read.
        // Every repair widens: the text was refused as it came.

        /// A markdown code fence (```` ```json ````) around the arguments'
        /// object was left out. Widens.
        CodeFence = "code_fence" => (Widens, Note);
        /// Text before or after the arguments' object (`Here are the
        /// arguments: {...}`) was left out. Widens.
        TextAround = "text_around" => (Widens, Note);
        /// A `}` or `]` after the arguments' object, closing nothing, was
        /// left out. Widens.
        StrayBracket = "stray_bracket" => (Widens, Note);
        /// A string or property name in single quotes (`'a.txt'`) was read as
        /// the JSON string it spells. Widens.
        SingleQuotes = "single_quotes" => (Widens, Note);
        /// A property name without quotes (`{path: "a"}`), one the schema
        /// names for that object, was read as that name. Widens.
        UnquotedKey = "unquoted_key" => (Widens, Note);
        /// Python's `True` or `False`, where the schema takes a boolean, was
        /// read as JSON's `true` or `false`. Widens.
        PythonLiteral = "python_literal" => (Widens, Note);
        /// An optional property given as Python's `None` or JavaScript's
        /// `undefined` was left out, which is how the subset writes "no
        /// value". Widens.
        AbsentValue = "absent_value" => (Widens, Note);
        /// A `,` before a `}` or `]` was left out. Widens.
        TrailingComma = "trailing_comma" => (Widens, Note);
        /// A raw control character (a newline, a tab, ...) inside a string was
        /// read as its escape. Widens.
        ControlCharacter = "control_character" => (Widens, Note);
        /// An empty text, `""` or `null`, for a schema that requires no
        /// property, was read as the empty object `{}`. Widens.
        EmptyArguments = "empty_arguments" => (Widens, Note);
        /// A `"` inside a string, where it cannot end the string (what follows
        /// it cannot follow a value there), was read as part of it. Widens.
        UnescapedQuote = "unescaped_quote" => (Widens, Note);
        /// The arguments' object written in brackets (`["path": "a"]`) was
        /// read as the object. Widens.
        BracketsForObject = "brackets_for_object" => (Widens, Note);
        /// `\'` inside a double-quoted string, not an escape in JSON, was read
        /// as `'`, as Python and JavaScript read it. Widens.
        EscapedApostrophe = "escaped_apostrophe" => (Widens, Note);

        // Engine profiles (export to local constrained-decoding engines).

        /// A `pattern` that JSON Schema searches for anywhere in the string was
        /// written anchored at both ends, with any characters allowed before
        /// and after it (`abc` -> `^(?:.|[\n\r\u2028\u2029])*(?:abc)(?:.|[\n\r\u2028\u2029])*$`),
        /// for an engine that matches a pattern against the whole string. Both
        /// spellings accept the same strings. Nothing to check.
        PatternAnchored = "pattern_anchored" => (Lossless, Note);
        /// A `pattern`'s `\d`, `\w`, `\s` (and their negations outside a
        /// class), `.` and `\/` were spelled as the explicit characters
        /// ECMA-262 gives them (`[0-9]`, `[^\n\r\u2028\u2029]`, `/`, ...), which
        /// the engine reads with the same meaning, where it reads the shorthand
        /// with another one or fails on it. Nothing to check.
        PatternRespelled = "pattern_respelled" => (Lossless, Note);
        /// A `pattern` the engine cannot be made to read as JSON Schema does (a
        /// word boundary, an anchor inside it for an engine that matches whole
        /// strings, or a repetition count llama.cpp's grammar refuses) was
        /// removed and written into `description`. The handler's `validate`
        /// still checks it.
        EnginePatternRemoved = "engine_pattern_removed" => (Widens, Note);
        /// `minItems` was removed and written into `description`: the engine
        /// cannot take it (llama.cpp's grammar refuses a count of 2000 or more).
        /// The handler's `validate` still enforces it.
        MinItemsRemoved = "min_items_removed" => (Widens, Note);
    }
}

impl ChangeCode {
    /// What every change with this code does to the accepted values.
    pub fn effect(self) -> Effect {
        self.row().0
    }

    /// How serious every change with this code is.
    pub fn severity(self) -> Severity {
        self.row().1
    }
}
