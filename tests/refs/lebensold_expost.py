# The ex-post privacy loss of Gaussian AboveThreshold at stopping time t,
# as Lebensold, Precup and Balle compute it (utils.abovethreshold_expost of
# github.com/jlebensold/pure-dp-gaussian-mech): mpmath's quad of their
# integrand, here at 30 digits.  The values are the reference of
# tests/test_approx.c (lebensold_expost_matches_their_quadrature) and of
# verify/claims.c (claims_lebensold_ref).  Setting: sigma_X = 1,
# sigma_Z = sqrt(3), GS = Delta = 1/10, boty = 0, topy = 1, rho = 1/2.
# Run: python3 tests/refs/lebensold_expost.py  (needs python3-mpmath)
import mpmath as mp

mp.mp.dps = 30


def above(Delta, t, boty, topy, rho, sX, sZ):
    def F(x):
        bot = mp.ncdf(sX * x + rho - boty + Delta, sigma=sZ)
        top = mp.ncdf(-sX * x - rho + topy + Delta, sigma=sZ)
        return mp.npdf(x, mu=0) * mp.exp(t * mp.log(bot)) * top
    return mp.quad(F, [-mp.inf, mp.inf])


for t in [1, 10, 100, 1000]:
    a = above(mp.mpf(1) / 10, t - 1, 0, 1, mp.mpf(1) / 2, 1, mp.sqrt(3))
    b = above(0, t - 1, 0, 1, mp.mpf(1) / 2, 1, mp.sqrt(3))
    print(t, mp.nstr(mp.log(a) - mp.log(b), 25))
