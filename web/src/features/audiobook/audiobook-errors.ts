import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';

/**
 * Which of the spec's audiobook error toasts (section 8) a failure shows, as keys of the audiobook
 * namespace: 'payment form setup failed' (the server refused the quota or the form; its message follows),
 * 'payment setup unknown error' (anything else), 'audiobook generation failed' (the server answered
 * generateAudiobook with a refusal) and 'generate audiobook call failed' (the server was not reached).
 * 'payment form error' is the card form's own error (the page's onFormError).
 */
export function setupFailureKey(error: unknown): 'errors.form_setup_failed' | 'errors.setup_unknown' {
  return error instanceof ApiError ? 'errors.form_setup_failed' : 'errors.setup_unknown';
}

export function generationFailureKey(error: unknown): 'errors.generation_failed' | 'errors.generate_call_failed' {
  // status null: the call never reached the server (call() turns a network failure into an ApiError too)
  return error instanceof ApiError && error.status !== null ? 'errors.generation_failed' : 'errors.generate_call_failed';
}

/** 'payment form error' (its text given, `errors.form_error` of the audiobook namespace): the card form itself reported an error. */
export function audiobookFormError(text: string) {
  toast.error(text, { toastId: 'audiobook-form' });
}
