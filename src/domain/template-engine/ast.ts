/** The compiled form of a template: a tree of nodes, each with the 1-based line it starts on. */

export type FormatterName = 'money' | 'date' | 'percent' | 'phone';

/** What a tag refers to: a dotted path looked up in the data, the loop item, or a loop counter. */
export type TemplatePath =
  | { kind: 'lookup'; keys: readonly string[] }
  | { kind: 'this'; keys: readonly string[] }
  | { kind: 'index' }
  | { kind: 'number' };

export interface TextNode {
  kind: 'text';
  line: number;
  text: string;
}

export interface ValueNode {
  kind: 'value';
  line: number;
  path: TemplatePath;
  formatter: FormatterName | null;
}

export interface EachNode {
  kind: 'each';
  line: number;
  path: TemplatePath;
  body: TemplateNode[];
}

export interface IfNode {
  kind: 'if';
  line: number;
  path: TemplatePath;
  then: TemplateNode[];
  otherwise: TemplateNode[];
}

export type TemplateNode = TextNode | ValueNode | EachNode | IfNode;

/** The result of compileTemplate; render it as often as needed with renderCompiled. */
export interface CompiledTemplate {
  readonly nodes: readonly TemplateNode[];
}

export interface TemplateProblem {
  /** 1-based line where the construct starts. */
  line: number;
  message: string;
}
