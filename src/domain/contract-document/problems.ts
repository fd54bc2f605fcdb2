/** Something in a template that the contract document policy removes, and the line it is on. */
export interface DocumentProblem {
  line: number;
  message: string;
}
