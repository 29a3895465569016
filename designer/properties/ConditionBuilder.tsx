/**
 * The condition builder (issue 21 part 4 "a condition builder for questions and pages"): a group of all / any /
 * none over comparisons and nested groups (three levels, as the language allows: engine/forms/conditions.ts
 * CONDITION_GROUP_DEPTH), each comparison a question picker (the questions before the one edited, by label and
 * page), an operator fitting the question's type and a value input fitting the question (its options for
 * choices, a number, a date, yes/no). Every control is labelled and keyboard operable (native selects and
 * buttons). The builder keeps its own tree while a comparison is incomplete (no value yet) and sends the
 * condition only when every comparison is complete, so what reaches the draft always satisfies the meta-schema
 * and `conditionSchema`; no comparison at all sends undefined (no condition). An existing condition loads
 * whatever its shape: the first `{ questionId, equals }` shape shows as a group of that one comparison.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useId, useRef, useState } from 'react';
import {
  type ComparisonOperator,
  type Condition,
  comparisonOperators,
  type GroupKind,
  groupKinds,
  readCondition,
} from '../../engine/forms/conditions';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { CONDITION_GROUP_DEPTH } from '../../engine/forms/field-types/common';
import { type MessageId, message } from '../../engine/messages/catalogue';
import type { Question } from '../../engine/types/generated';

/** A question a condition may read: the question and the label of its page. */
export interface ConditionCandidate {
  question: Question;
  pageLabel: string;
}

/** How a question's answer is compared: what the builder offers for it. */
export type AnswerKind = 'number' | 'date' | 'choice' | 'choices' | 'boolean' | 'text' | 'other';

/** The kind of answer a question gives, by its field type. */
export function answerKindOf(question: Question): AnswerKind {
  const type = fieldTypeOf(question);
  switch (type.name) {
    case 'number':
    case 'temperature':
      return 'number';
    case 'date':
      return 'date';
    case 'dropdown':
      return 'choice';
    case 'checkboxes':
    case 'multiSelect':
      return 'choices';
    case 'tick':
    case 'toggle':
      return 'boolean';
    case 'text':
    case 'long':
    case 'hyperlink':
    case 'richText':
    case 'colour':
      return 'text';
    default:
      return 'other';
  }
}

/** The operators that fit a question's answer, in the language's order. */
export function operatorsFor(question: Question): ComparisonOperator[] {
  const kind = answerKindOf(question);
  const wanted: Record<AnswerKind, ComparisonOperator[]> = {
    number: ['answered', 'notAnswered', 'equals', 'notEquals', 'greaterThan', 'lessThan', 'atLeast', 'atMost'],
    date: ['answered', 'notAnswered', 'equals', 'notEquals', 'greaterThan', 'lessThan', 'atLeast', 'atMost'],
    choice: ['answered', 'notAnswered', 'equals', 'notEquals', 'oneOf'],
    choices: ['answered', 'notAnswered', 'equals', 'notEquals', 'oneOf', 'contains'],
    boolean: ['answered', 'notAnswered', 'equals'],
    text: ['answered', 'notAnswered', 'equals', 'notEquals', 'contains'],
    other: ['answered', 'notAnswered'],
  };
  return comparisonOperators.filter((op) => wanted[kind].includes(op));
}

/** The values a choice question offers (its options; a Dropdown with allowOther also 'Other'). */
function choicesOf(question: Question): string[] {
  const record = question as unknown as { options?: { value: string }[]; allowOther?: boolean };
  const values = [...new Set((record.options ?? []).map((o) => o.value))];
  if (record.allowOther) values.push('Other');
  return values;
}

/** A comparison being built: the operand may be missing while the administrator has not given it. */
interface ComparisonNode {
  key: number;
  type: 'comparison';
  questionId?: number;
  operator: ComparisonOperator;
  operand?: unknown;
}

/** A group being built. */
interface GroupNode {
  key: number;
  type: 'group';
  kind: GroupKind;
  items: Node[];
}

type Node = ComparisonNode | GroupNode;

let nodeKeys = 0;
const nextKey = () => {
  nodeKeys += 1;
  return nodeKeys;
};

/** The tree of a condition; the root is always a group (a lone comparison becomes a group of it). */
export function treeOf(condition: Condition | undefined): GroupNode {
  const toNode = (c: Condition): Node => {
    const read = readCondition(c);
    if ('kind' in read) return { key: nextKey(), type: 'group', kind: read.kind, items: read.conditions.map(toNode) };
    return {
      key: nextKey(),
      type: 'comparison',
      questionId: read.questionId,
      operator: read.operator,
      operand: read.operator === 'answered' || read.operator === 'notAnswered' ? true : read.operand,
    };
  };
  if (!condition) return { key: nextKey(), type: 'group', kind: 'all', items: [] };
  const root = toNode(condition);
  return root.type === 'group' ? root : { key: nextKey(), type: 'group', kind: 'all', items: [root] };
}

/** True when a comparison's operand is given as its operator needs. */
function complete(node: ComparisonNode): boolean {
  if (node.questionId === undefined) return false;
  if (node.operator === 'answered' || node.operator === 'notAnswered') return true;
  if (node.operator === 'oneOf') return Array.isArray(node.operand) && node.operand.length > 0;
  if (node.operand === undefined || node.operand === '') return false;
  if (['greaterThan', 'lessThan', 'atLeast', 'atMost'].includes(node.operator))
    return typeof node.operand === 'number' || /^\d{4}-\d{2}-\d{2}$/u.test(String(node.operand));
  return true;
}

/**
 * The condition a tree means, or null while a comparison is incomplete; undefined for a tree without comparisons
 * (no condition). Empty inner groups are left out.
 */
export function conditionOf(tree: GroupNode): Condition | undefined | null {
  let incomplete = false;
  const toCondition = (node: Node): Condition | undefined => {
    if (node.type === 'comparison') {
      if (!complete(node)) {
        incomplete = true;
        return undefined;
      }
      return { questionId: node.questionId, [node.operator]: node.operand } as Condition;
    }
    const items = node.items.map(toCondition).filter((c): c is Condition => c !== undefined);
    if (items.length === 0) return undefined;
    return { [node.kind]: items } as Condition;
  };
  const out = toCondition(tree);
  return incomplete ? null : out;
}

/** The operand an operator starts with for a question (the first option, 0, today...; undefined: to be given). */
function startOperand(question: Question | undefined, operator: ComparisonOperator, old: unknown): unknown {
  if (operator === 'answered' || operator === 'notAnswered') return true;
  if (!question) return undefined;
  const kind = answerKindOf(question);
  if (operator === 'oneOf') {
    if (Array.isArray(old)) return old;
    return old === undefined || old === true ? [] : [old];
  }
  if (Array.isArray(old)) old = old[0];
  if (kind === 'boolean') return typeof old === 'boolean' ? old : true;
  if (kind === 'number') return typeof old === 'number' ? old : undefined;
  if (kind === 'choice' || kind === 'choices') {
    const choices = choicesOf(question);
    return typeof old === 'string' && choices.includes(old) ? old : choices[0];
  }
  return typeof old === 'string' ? old : undefined;
}

/** Props of {@link ConditionBuilder}. */
export interface ConditionBuilderProps {
  /** The condition in the draft (undefined: none). */
  value: Condition | undefined;
  /** Called with the complete condition, or undefined to remove it. */
  onChange(condition: Condition | undefined): void;
  /** The questions the condition may read (those before the question or page edited), in form order. */
  candidates: readonly ConditionCandidate[];
  /** The builder's heading ("Show only when"). */
  label: string;
}

/** See the module comment. */
export const ConditionBuilder = memo(function ConditionBuilder({
  value,
  onChange,
  candidates,
  label,
}: ConditionBuilderProps) {
  const headingId = useId();
  const [tree, setTree] = useState<GroupNode>(() => treeOf(value));
  const sent = useRef<Condition | undefined>(value);
  // A condition changed outside the builder (an undo, another question selected) reloads it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setTree(treeOf(value));
    }
  }, [value]);

  const update = (next: GroupNode) => {
    setTree(next);
    const condition = conditionOf(next);
    if (condition === null) return;
    sent.current = condition;
    onChange(condition);
  };
  const byId = new Map(candidates.map((c) => [c.question.id, c.question]));

  const newComparison = (): ComparisonNode => {
    const question = candidates[candidates.length - 1]?.question;
    const operator: ComparisonOperator = question && operatorsFor(question).includes('equals') ? 'equals' : 'answered';
    return {
      key: nextKey(),
      type: 'comparison',
      questionId: question?.id,
      operator,
      operand: startOperand(question, operator, undefined),
    };
  };

  /** The tree with the node `key` replaced by `replace(node)` (null removes it). */
  const replaced = (node: GroupNode, key: number, replace: (n: Node) => Node | null): GroupNode => ({
    ...node,
    items: node.items.flatMap((item) => {
      if (item.key === key) {
        const next = replace(item);
        return next ? [next] : [];
      }
      return item.type === 'group' ? [replaced(item, key, replace)] : [item];
    }),
  });
  const change = (key: number, replace: (n: Node) => Node | null) => {
    if (key === tree.key) {
      const next = replace(tree);
      update(next && next.type === 'group' ? next : treeOf(undefined));
      return;
    }
    update(replaced(tree, key, replace));
  };

  const renderComparison = (node: ComparisonNode, position: string) => {
    const question = node.questionId !== undefined ? byId.get(node.questionId) : undefined;
    const operators = question ? operatorsFor(question) : (['answered', 'notAnswered'] as ComparisonOperator[]);
    const missing = node.questionId !== undefined && !question;
    return (
      <Stack
        key={node.key}
        component="li"
        direction="row"
        spacing={1}
        alignItems="flex-start"
        flexWrap="wrap"
        useFlexGap
        aria-label={message('designerProperties.condition.comparison', { position })}
      >
        <TextField
          select
          size="small"
          sx={{ minWidth: 180, flex: 2 }}
          label={message('designerProperties.condition.question')}
          value={node.questionId === undefined ? '' : String(node.questionId)}
          error={missing}
          helperText={
            missing ? message('designerProperties.condition.missingQuestion', { id: node.questionId ?? '' }) : undefined
          }
          slotProps={{ select: { native: true } }}
          onChange={(event) => {
            const id = Number(event.target.value);
            const picked = byId.get(id);
            change(node.key, (n) => {
              const c = n as ComparisonNode;
              const operator =
                picked && operatorsFor(picked).includes(c.operator)
                  ? c.operator
                  : picked && operatorsFor(picked).includes('equals')
                    ? 'equals'
                    : 'answered';
              return { ...c, questionId: id, operator, operand: startOperand(picked, operator, undefined) };
            });
          }}
        >
          {node.questionId === undefined || missing ? <option value={node.questionId ?? ''} /> : null}
          {candidates.map((c) => (
            <option key={c.question.id} value={String(c.question.id)}>
              {message('designerProperties.condition.questionChoice', { label: c.question.label, page: c.pageLabel })}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          sx={{ minWidth: 140, flex: 1 }}
          label={message('designerProperties.condition.operator')}
          value={node.operator}
          slotProps={{ select: { native: true } }}
          onChange={(event) => {
            const operator = event.target.value as ComparisonOperator;
            change(node.key, (n) => {
              const c = n as ComparisonNode;
              return { ...c, operator, operand: startOperand(question, operator, c.operand) };
            });
          }}
        >
          {operators.map((op) => (
            <option key={op} value={op}>
              {message(`designerProperties.operator.${answerLabelKind(question)}${op}` as MessageId)}
            </option>
          ))}
        </TextField>
        {question && node.operator !== 'answered' && node.operator !== 'notAnswered' && (
          <OperandInput
            question={question}
            operator={node.operator}
            operand={node.operand}
            onChange={(operand) => change(node.key, (n) => ({ ...(n as ComparisonNode), operand }))}
          />
        )}
        <IconButton
          size="small"
          aria-label={message('designerProperties.condition.removeComparison', { position })}
          onClick={() => change(node.key, () => null)}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>
    );
  };

  // A nested group is a list item holding the group (a list's children stay list items).
  const renderGroup = (node: GroupNode, level: number, position: string): React.ReactNode =>
    level === 1 ? groupBox(node, level, position) : <li key={node.key}>{groupBox(node, level, position)}</li>;

  const groupBox = (node: GroupNode, level: number, position: string): React.ReactNode => (
    <Box
      role="group"
      aria-label={level === 1 ? label : message('designerProperties.condition.group', { position })}
      sx={level === 1 ? undefined : { borderLeft: 2, borderColor: 'divider', pl: 1.5, py: 0.5 }}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <TextField
          select
          size="small"
          label={message('designerProperties.condition.groupKind')}
          value={node.kind}
          slotProps={{ select: { native: true } }}
          onChange={(event) =>
            change(node.key, (n) => ({ ...(n as GroupNode), kind: event.target.value as GroupKind }))
          }
        >
          {groupKinds.map((kind) => (
            <option key={kind} value={kind}>
              {message(`designerProperties.condition.${kind}` as MessageId)}
            </option>
          ))}
        </TextField>
        {level > 1 && (
          <IconButton
            size="small"
            aria-label={message('designerProperties.condition.removeGroup', { position })}
            onClick={() => change(node.key, () => null)}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', pl: 0, my: 1 }}>
        {node.items.map((item, index) => {
          const at = position ? `${position}.${index + 1}` : String(index + 1);
          return item.type === 'group' ? renderGroup(item, level + 1, at) : renderComparison(item, at);
        })}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={candidates.length === 0}
          onClick={() =>
            change(node.key, (n) => ({ ...(n as GroupNode), items: [...(n as GroupNode).items, newComparison()] }))
          }
        >
          {message('designerProperties.condition.addComparison')}
        </Button>
        {level < CONDITION_GROUP_DEPTH && (
          <Button
            size="small"
            startIcon={<Add />}
            disabled={candidates.length === 0}
            onClick={() =>
              change(node.key, (n) => ({
                ...(n as GroupNode),
                items: [
                  ...(n as GroupNode).items,
                  { key: nextKey(), type: 'group', kind: 'any', items: [newComparison()] },
                ],
              }))
            }
          >
            {message('designerProperties.condition.addGroup')}
          </Button>
        )}
      </Stack>
    </Box>
  );

  const incomplete = conditionOf(tree) === null;
  return (
    <section aria-labelledby={headingId} className="condition-builder">
      <Typography id={headingId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      {candidates.length === 0 && tree.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {message('designerProperties.condition.noCandidates')}
        </Typography>
      ) : (
        renderGroup(tree, 1, '')
      )}
      {incomplete && (
        <Typography role="status" variant="body2" color="warning.main">
          {message('designerProperties.condition.incomplete')}
        </Typography>
      )}
    </section>
  );
});

/** 'date.' for a date question's operators (after / before), '' otherwise. */
function answerLabelKind(question: Question | undefined): string {
  return question && answerKindOf(question) === 'date' ? 'date.' : '';
}

/** The value input of a comparison, fitting its question. */
function OperandInput({
  question,
  operator,
  operand,
  onChange,
}: {
  question: Question;
  operator: ComparisonOperator;
  operand: unknown;
  onChange(operand: unknown): void;
}) {
  const kind = answerKindOf(question);
  const label = message('designerProperties.condition.value');
  const sx = { minWidth: 140, flex: 2 };
  if (kind === 'choice' || kind === 'choices') {
    const choices = choicesOf(question);
    if (operator === 'oneOf') {
      const chosen = Array.isArray(operand) ? (operand as string[]) : [];
      return (
        <TextField
          select
          size="small"
          sx={sx}
          label={label}
          value={chosen}
          slotProps={{ select: { multiple: true, native: true } }}
          onChange={(event) => {
            const select = event.target as unknown as HTMLSelectElement;
            onChange([...select.selectedOptions].map((o) => o.value));
          }}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        select
        size="small"
        sx={sx}
        label={label}
        value={typeof operand === 'string' ? operand : ''}
        slotProps={{ select: { native: true } }}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </TextField>
    );
  }
  if (kind === 'boolean')
    return (
      <TextField
        select
        size="small"
        sx={sx}
        label={label}
        value={operand === false ? 'false' : 'true'}
        slotProps={{ select: { native: true } }}
        onChange={(event) => onChange(event.target.value === 'true')}
      >
        <option value="true">{message('designerProperties.condition.yes')}</option>
        <option value="false">{message('designerProperties.condition.no')}</option>
      </TextField>
    );
  if (kind === 'number') return <NumberOperand label={label} sx={sx} operand={operand} onChange={onChange} />;
  return (
    <TextField
      size="small"
      sx={sx}
      label={label}
      type={kind === 'date' ? 'date' : 'text'}
      value={typeof operand === 'string' ? operand : ''}
      slotProps={{ inputLabel: { shrink: kind === 'date' ? true : undefined }, htmlInput: { maxLength: 200 } }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A number operand: the text as typed, the number sent when it is one. */
function NumberOperand({
  label,
  sx,
  operand,
  onChange,
}: {
  label: string;
  sx: object;
  operand: unknown;
  onChange(operand: unknown): void;
}) {
  const [text, setText] = useState(typeof operand === 'number' ? String(operand) : '');
  useEffect(() => {
    if (typeof operand === 'number' && Number(text) !== operand) setText(String(operand));
  }, [operand, text]);
  return (
    <TextField
      size="small"
      sx={sx}
      label={label}
      type="number"
      value={text}
      slotProps={{ htmlInput: { step: 'any' } }}
      onChange={(event) => {
        setText(event.target.value);
        const n = Number(event.target.value);
        onChange(event.target.value.trim() !== '' && Number.isFinite(n) ? n : undefined);
      }}
    />
  );
}
