import type {
  CompiledTemplate,
  EachNode,
  IfNode,
  TemplateNode,
  TemplatePath,
  TemplateProblem,
} from './ast.js';
import { lexTemplate, snippet } from './lexer.js';
import { parseTag, type BlockKind } from './tag.js';

/**
 * Turns template source into a CompiledTemplate, or into every problem found (up to a limit),
 * each with the line where the offending construct starts. Iterative (an explicit block stack),
 * so no input can overflow the call stack; never throws.
 */

/** Deeper nesting is refused at compile time, which also bounds the renderer's recursion. */
export const TEMPLATE_MAX_BLOCK_DEPTH = 50;
/** Beyond this many, further problems are summarised in one line. */
export const TEMPLATE_MAX_PROBLEMS = 20;

interface OpenBlock {
  block: BlockKind;
  shown: string;
  line: number;
  node: EachNode | IfNode;
  /** Where the next nodes go: the each body, or the if's then/otherwise branch. */
  children: TemplateNode[];
  sawElse: boolean;
}

type ParseResult =
  { ok: true; template: CompiledTemplate } | { ok: false; problems: TemplateProblem[] };

function usesLoopContext(path: TemplatePath): boolean {
  return path.kind !== 'lookup';
}

export function parseTemplate(source: string): ParseResult {
  const lexed = lexTemplate(source);
  const problems: TemplateProblem[] = [...lexed.problems];
  const root: TemplateNode[] = [];
  const stack: OpenBlock[] = [];
  let reportedDepth = false;
  const current = (): TemplateNode[] => stack[stack.length - 1]?.children ?? root;
  // How many blocks of each kind are open, so lookups stay O(1) however deep the nesting goes.
  const openCounts: Record<BlockKind, number> = { each: 0, if: 0 };
  const insideEach = (): boolean => openCounts.each > 0;
  const problem = (line: number, message: string): void => {
    problems.push({ line, message });
  };

  for (const token of lexed.tokens) {
    if (token.type === 'text') {
      current().push({ kind: 'text', line: token.line, text: token.text });
      continue;
    }
    const { line } = token;
    const tag = parseTag(token.content);
    switch (tag.kind) {
      case 'invalid':
        problem(line, tag.message);
        break;
      case 'value':
        if (usesLoopContext(tag.path) && !insideEach()) {
          problem(
            line,
            `${snippet(token.raw.trim())} can only be used inside {{#each …}}…{{/each}}`,
          );
        }
        current().push({ kind: 'value', line, path: tag.path, formatter: tag.formatter });
        break;
      case 'open': {
        // Checked before this block is pushed: {{#each this}} needs an enclosing {{#each}}.
        if (usesLoopContext(tag.path) && !insideEach()) {
          problem(line, `${tag.shown} uses the loop item, so it must be inside {{#each …}}`);
        }
        if (stack.length >= TEMPLATE_MAX_BLOCK_DEPTH && !reportedDepth) {
          reportedDepth = true;
          problem(
            line,
            `Blocks are nested more than ${TEMPLATE_MAX_BLOCK_DEPTH} deep here; simplify the template`,
          );
        }
        const node: EachNode | IfNode =
          tag.block === 'each'
            ? { kind: 'each', line, path: tag.path, body: [] }
            : { kind: 'if', line, path: tag.path, then: [], otherwise: [] };
        current().push(node);
        const children = node.kind === 'each' ? node.body : node.then;
        stack.push({ block: tag.block, shown: tag.shown, line, node, children, sawElse: false });
        openCounts[tag.block]++;
        break;
      }
      case 'else': {
        const top = stack[stack.length - 1];
        if (!top || top.block !== 'if') {
          problem(line, '{{else}} can only be used inside {{#if …}}…{{/if}}');
        } else if (top.sawElse) {
          problem(line, `${top.shown} from line ${top.line} already has an {{else}}`);
        } else if (top.node.kind === 'if') {
          top.sawElse = true;
          top.children = top.node.otherwise;
        }
        break;
      }
      case 'close':
        for (const closed of closeBlock(tag.block, line, stack, openCounts[tag.block], problem)) {
          openCounts[closed.block]--;
        }
        break;
    }
  }
  for (const open of stack) {
    problem(open.line, `${open.shown} is never closed with {{/${open.block}}}`);
  }
  if (problems.length > 0) return { ok: false, problems: summarise(problems) };
  return { ok: true, template: { nodes: root } };
}

/** Handles {{/each}} or {{/if}}; returns the blocks it took off the stack. */
function closeBlock(
  block: BlockKind,
  line: number,
  stack: OpenBlock[],
  openOfKind: number,
  problem: (line: number, message: string) => void,
): OpenBlock[] {
  const closer = `{{/${block}}}`;
  const top = stack[stack.length - 1];
  if (top?.block === block) return stack.splice(-1);
  let match = -1;
  // Only searched when a block of this kind is open, so the scan length equals what gets closed.
  for (let i = stack.length - 1; openOfKind > 0 && i >= 0; i--) {
    if (stack[i]?.block === block) {
      match = i;
      break;
    }
  }
  if (match === -1) {
    problem(
      line,
      top
        ? `${closer} does not match ${top.shown} from line ${top.line}; close that with {{/${top.block}}} first`
        : `${closer} has no {{#${block} …}} before it to close`,
    );
    return [];
  }
  // The blocks opened after the one this closes were left open: report each, then close them all.
  const closed = stack.splice(match);
  for (const open of closed.slice(1)) {
    problem(open.line, `${open.shown} is never closed with {{/${open.block}}}`);
  }
  return closed;
}

function summarise(problems: TemplateProblem[]): TemplateProblem[] {
  const sorted = problems
    .map((problem, order) => ({ problem, order }))
    .sort((a, b) => a.problem.line - b.problem.line || a.order - b.order)
    .map(({ problem }) => problem);
  if (sorted.length <= TEMPLATE_MAX_PROBLEMS) return sorted;
  const shown = sorted.slice(0, TEMPLATE_MAX_PROBLEMS);
  const next = sorted[TEMPLATE_MAX_PROBLEMS];
  shown.push({
    line: next?.line ?? 1,
    message: `…and ${sorted.length - TEMPLATE_MAX_PROBLEMS} more problems; fix the ones above first`,
  });
  return shown;
}
