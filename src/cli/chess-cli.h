/* chess-cli.h — the subcommands of thinkchess-cli. Each takes the
 * arguments after its name (argv[0] is the subcommand) and returns the
 * process exit status. */
#pragma once

#include <glib.h>

int chess_cli_match (int argc, char **argv);
int chess_cli_perft (int argc, char **argv);
int chess_cli_pgn   (int argc, char **argv);
int chess_cli_play  (int argc, char **argv);
int chess_cli_bench (int argc, char **argv);
int chess_cli_uci   (int argc, char **argv);
int chess_cli_review (int argc, char **argv);
int chess_cli_puzzles (int argc, char **argv);

/* Flushes standard output: FALSE, with a message on standard error (said
 * once), when anything written there was lost (a full disk). Every
 * subcommand's exit goes through it; one that prints more after its main
 * output checks first. */
gboolean chess_cli_flush_stdout (void);
