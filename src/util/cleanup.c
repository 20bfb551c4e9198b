#include "util/cleanup.h"

#include "util/adopted.h"

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Fixed tables: the handler may only use async-signal-safe calls, so nothing
 * here is allocated. jetgate runs a few children at once (the doctor's probes)
 * and writes one file at a time; a few slots leave room. */
#define MAX_GROUPS 8
#define MAX_FILES 4
#define SIGNAL_GRACE_MS 500

static volatile pid_t groups[MAX_GROUPS];
static char files[MAX_FILES][PATH_MAX];
static volatile sig_atomic_t file_used[MAX_FILES];

static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP};

/* Gone once its leader is reaped and no member is left (a zombie leader
 * still counts as a member, so it is reaped here). */
static bool group_gone(pid_t g)
{
    waitpid(g, NULL, WNOHANG);
    return kill(-g, 0) != 0;
}

/* The signal first, so children can clean up; after a short grace, SIGKILL
 * for what is left: a hook's background job ignores SIGINT (sh starts it so),
 * and once its keeper has exited nothing else would end it. */
static void stop_groups(int sig)
{
    for (int i = 0; i < MAX_GROUPS; i++)
        if (groups[i] > 0)
            kill(-groups[i], sig);
    for (int t = 0; t < SIGNAL_GRACE_MS / 10; t++) {
        bool left = false;
        for (int i = 0; i < MAX_GROUPS; i++)
            left |= groups[i] > 0 && !group_gone(groups[i]);
        if (!left)
            break;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    for (int i = 0; i < MAX_GROUPS; i++)
        if (groups[i] > 0)
            kill(-groups[i], SIGKILL);
}

static void on_signal(int sig)
{
    stop_groups(sig);
    jg_adopted_kill(0); /* what left its group (a new session) and was adopted */
    for (int i = 0; i < MAX_FILES; i++)
        if (file_used[i])
            unlink(files[i]);
    /* Die of the same signal: the caller's shell and CI see what happened. */
    signal(sig, SIG_DFL);
    raise(sig);
}

void jg_cleanup_init(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++)
        sigaddset(&sa.sa_mask, forwarded[i]);
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) {
        struct sigaction old;
        /* A signal the caller ignores (nohup) stays ignored. */
        if (sigaction(forwarded[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(forwarded[i], &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
    jg_adopt_orphans();
}

/* Table edits run with the forwarded signals blocked, so the handler never
 * sees half of an entry. */
static void block(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++)
        sigaddset(&s, forwarded[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

void jg_cleanup_add_group(pid_t pgid)
{
    sigset_t old;
    block(&old);
    for (int i = 0; i < MAX_GROUPS; i++)
        if (groups[i] <= 0) {
            groups[i] = pgid;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void jg_cleanup_remove_group(pid_t pgid)
{
    sigset_t old;
    block(&old);
    for (int i = 0; i < MAX_GROUPS; i++)
        if (groups[i] == pgid)
            groups[i] = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

int jg_cleanup_has_group(pid_t pid)
{
    for (int i = 0; i < MAX_GROUPS; i++)
        if (pid > 0 && groups[i] == pid)
            return 1;
    return 0;
}

void jg_cleanup_add_file(const char *path)
{
    if (strlen(path) >= PATH_MAX)
        return;
    sigset_t old;
    block(&old);
    for (int i = 0; i < MAX_FILES; i++)
        if (!file_used[i]) {
            strcpy(files[i], path);
            file_used[i] = 1;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void jg_cleanup_remove_file(const char *path)
{
    sigset_t old;
    block(&old);
    for (int i = 0; i < MAX_FILES; i++)
        if (file_used[i] && strcmp(files[i], path) == 0)
            file_used[i] = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}
