// A small HTTP/1.1 load generator for .ci/mock-server-bench.sh: CONNECTIONS threads, each with one
// keep-alive connection, sends REQUESTS requests one after another (METHOD PATH, with BODY as JSON
// when given) and reads each answer by Content-Length, timing it. Prints requests per second over the
// whole run, the p50 and p99 latency, the non-2xx count, and its own CPU time (so the load generator
// can be seen not to be the bottleneck).
//
//   loadgen PORT METHOD PATH BODY CONNECTIONS REQUESTS     (BODY "-" for none)
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port, requests;
static char request[4096];
static size_t request_length;

typedef struct {
    double *latencies;
    long errors;
    long done;
} result_t;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *run(void *arg) {
    result_t *result = arg;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = inet_addr("127.0.0.1");
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); exit(1); }
    static __thread char buffer[1 << 16];
    for (int i = 0; i < requests; i++) {
        double start = now();
        size_t sent = 0;
        while (sent < request_length) {
            ssize_t n = send(fd, request + sent, request_length - sent, MSG_NOSIGNAL);
            if (n <= 0) { perror("send"); exit(1); }
            sent += n;
        }
        size_t have = 0;
        long need = -1;
        int status = 0;
        for (;;) {
            ssize_t n = recv(fd, buffer + have, sizeof buffer - have, 0);
            if (n <= 0) { fprintf(stderr, "connection closed\n"); exit(1); }
            have += n;
            if (need < 0) {
                buffer[have < sizeof buffer ? have : sizeof buffer - 1] = 0;
                char *end = strstr(buffer, "\r\n\r\n");
                if (!end) continue;
                status = atoi(buffer + 9);
                char *length = strcasestr(buffer, "content-length:");
                need = (end - buffer) + 4 + (length && length < end ? atol(length + 15) : 0);
            }
            if ((long)have >= need) break;
        }
        result->latencies[i] = now() - start;
        if (status < 200 || status > 299) result->errors++;
        result->done++;
    }
    close(fd);
    return NULL;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 7) { fprintf(stderr, "usage: loadgen PORT METHOD PATH BODY CONNECTIONS REQUESTS\n"); return 64; }
    port = atoi(argv[1]);
    int connections = atoi(argv[5]);
    requests = atoi(argv[6]);
    if (strcmp(argv[4], "-") == 0) {
        request_length = snprintf(request, sizeof request, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", argv[2], argv[3]);
    } else {
        request_length = snprintf(request, sizeof request,
            "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
            argv[2], argv[3], strlen(argv[4]), argv[4]);
    }
    pthread_t *threads = calloc(connections, sizeof *threads);
    result_t *results = calloc(connections, sizeof *results);
    double start = now();
    for (int i = 0; i < connections; i++) {
        results[i].latencies = calloc(requests, sizeof(double));
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setstacksize(&attributes, 256 * 1024);
        pthread_create(&threads[i], &attributes, run, &results[i]);
    }
    for (int i = 0; i < connections; i++) pthread_join(threads[i], NULL);
    double elapsed = now() - start;
    long total = (long)connections * requests, errors = 0;
    double *all = calloc(total, sizeof(double));
    for (int i = 0; i < connections; i++) {
        memcpy(all + (long)i * requests, results[i].latencies, requests * sizeof(double));
        errors += results[i].errors;
    }
    qsort(all, total, sizeof(double), compare);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    printf("requests=%ld seconds=%.2f rps=%.0f p50_ms=%.3f p99_ms=%.3f non2xx=%ld loadgen_cpu_s=%.2f\n", total, elapsed,
        total / elapsed, all[total / 2] * 1000, all[(long)(total * 0.99)] * 1000, errors, cpu);
    return 0;
}
