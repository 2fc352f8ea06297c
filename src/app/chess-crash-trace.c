/* chess-crash-trace.c — the call stack of a crash, on request.
 *
 * With THINKCHESS_CRASH_TRACE set (the end-to-end tests set it), a fatal
 * signal writes the call stack to stderr before the app dies as it would
 * have. A crash that comes once in hundreds of runs then leaves where it
 * happened in the test's log, not only an exit status. Nothing changes
 * without the variable. */
#include "config.h"

#include "chess-crash-trace.h"

/* A sanitizer build reports crashes itself, better. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

#if defined(HAVE_EXECINFO_H) && !defined(SANITIZED)

#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Its own stack, so that a stack overflow can still be reported. */
#define ALT_STACK_SIZE (64 * 1024)

static const struct
{
  int         signum;
  const char *name;
} fatal_signals[] = {
  { SIGSEGV, "SIGSEGV" },
  { SIGBUS,  "SIGBUS" },
  { SIGILL,  "SIGILL" },
  { SIGFPE,  "SIGFPE" },
  { SIGABRT, "SIGABRT" },
};

static void
write_text (const char *text)
{
  size_t len = strlen (text);

  while (len > 0)
    {
      ssize_t n = write (STDERR_FILENO, text, len);
      if (n <= 0)
        return;
      text += n;
      len -= (size_t) n;
    }
}

static void
on_fatal_signal (int signum)
{
  void *frames[64];
  int n = backtrace (frames, G_N_ELEMENTS (frames));

  /* Only async-signal-safe calls here: write and backtrace_symbols_fd. */
  write_text ("thinkchess: crashed (");
  for (guint i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    if (fatal_signals[i].signum == signum)
      write_text (fatal_signals[i].name);
  write_text ("); call stack:\n");
  backtrace_symbols_fd (frames, n, STDERR_FILENO);
  write_text ("thinkchess: end of call stack\n");
  /* SA_RESETHAND put the default action back: dying by the same signal
   * keeps the exit status a test reads. */
  raise (signum);
}

void
chess_crash_trace_install (void)
{
  static char alt_stack[ALT_STACK_SIZE];
  stack_t stack = { .ss_sp = alt_stack, .ss_size = sizeof alt_stack };
  struct sigaction action = { 0 };
  void *warm_up[1];

  if (g_getenv ("THINKCHESS_CRASH_TRACE") == NULL)
    return;
  /* The first backtrace () loads libgcc's unwinder, which a signal
   * handler must not be the one to do. */
  backtrace (warm_up, 1);
  sigaltstack (&stack, NULL);
  action.sa_handler = on_fatal_signal;
  action.sa_flags = SA_RESETHAND | SA_ONSTACK | SA_NODEFER;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    sigaction (fatal_signals[i].signum, &action, NULL);
}

#else

void
chess_crash_trace_install (void)
{
}

#endif
