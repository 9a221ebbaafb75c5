/**
 * A draft that cannot become a valid NF-e: a value the layout cannot hold, a sum the schema cannot
 * check that does not hold, an empty text. The message is in Portuguese and names the item / field.
 */
export class EmissionDraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmissionDraftError";
  }
}

