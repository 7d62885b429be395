/** The queue's jobs of printed copies (their handlers: printing/service.ts; registered in printing/routes.ts). */

/** A printing order just paid (its `orders` id): the server hands it to the printer with the address it was paid for. */
export const PRINT_HANDOVER_JOB = 'print_hand_over';

/** A stored print order (its `print_orders` id) the printer did not take at once: handed to it again, later. */
export const PRINT_SUBMISSION_JOB = 'print_submission';
