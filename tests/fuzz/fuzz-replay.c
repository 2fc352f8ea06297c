/* fuzz-replay.c — runs a fuzz target over every file of the directories
 * named on the command line (its corpus and the crashes found so far), for
 * builds without libFuzzer. Missing directories are skipped; the first one
 * (the corpus) must hold at least one input. */
#include "config.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
main (int argc, char **argv)
{
  int total = 0;

  if (argc < 2)
    {
      fprintf (stderr, "Usage: %s CORPUS-DIR [MORE-DIRS…]\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      const char *name;
      int count = 0;

      if (dir == NULL)
        {
          if (i == 1)
            {
              fprintf (stderr, "Cannot open the corpus %s\n", argv[i]);
              return 1;
            }
          continue;
        }
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);
          g_autofree char *contents = NULL;
          gsize length;

          /* Notes such as README are not inputs. */
          if (name[0] == '.' || g_str_has_prefix (name, "README"))
            continue;
          if (!g_file_get_contents (path, &contents, &length, NULL))
            continue;
          printf ("%s\n", path);
          fflush (stdout);
          LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
          count++;
        }
      if (i == 1 && count == 0)
        {
          fprintf (stderr, "The corpus %s is empty\n", argv[i]);
          return 1;
        }
      total += count;
    }
  printf ("%d inputs replayed\n", total);
  return 0;
}
