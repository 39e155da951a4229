// The model's parameters: their names and order, their seeded initial values, and the copies
// that zero or ablate them. The forward and backward passes are in model.cpp.
#include "attn/train/model.hpp"

#include <algorithm>
#include <cmath>

#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        template <class Tensor>
        void add_view(std::vector<parameter_view>& out, const std::string& name, Tensor& t)
        {
            if (t.size() == 0)
            {
                return;
            }
            constexpr bool is_vector = Tensor::rank == 1;
            const std::size_t r = is_vector ? 1 : t.shape()[0];
            out.push_back({name, t.data(), r, t.size() / r, is_vector});
        }
    } // namespace

    std::vector<parameter_view> view_parameters(task_kind task, model_parameters& p)
    {
        const bool iris = task == task_kind::iris;
        std::vector<parameter_view> out;
        add_view(out, iris ? "features.w" : "embedding", p.embedding);
        add_view(out, "features.b", p.feature_bias);
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            encoder_layer_params& layer = p.layers[l];
            const std::string at = "layer" + std::to_string(l) + ".";
            add_view(out, at + "attention.wQ", *layer.attention.w_q);
            add_view(out, at + "attention.bQ", *layer.attention.b_q);
            add_view(out, at + "attention.wK", *layer.attention.w_k);
            add_view(out, at + "attention.bK", *layer.attention.b_k);
            add_view(out, at + "attention.wV", *layer.attention.w_v);
            add_view(out, at + "attention.bV", *layer.attention.b_v);
            add_view(out, at + "attention.wO", *layer.attention.w_o);
            add_view(out, at + "attention.bO", *layer.attention.b_o);
            add_view(out, at + "norm1.gamma", *layer.gamma1);
            add_view(out, at + "norm1.beta", *layer.beta1);
            add_view(out, at + "feedForward.w1", *layer.w1);
            add_view(out, at + "feedForward.b1", *layer.b1);
            add_view(out, at + "feedForward.w2", *layer.w2);
            add_view(out, at + "feedForward.b2", *layer.b2);
            add_view(out, at + "norm2.gamma", *layer.gamma2);
            add_view(out, at + "norm2.beta", *layer.beta2);
        }
        add_view(out, iris ? "classifier.w1" : "head.w", p.head_w1);
        add_view(out, iris ? "classifier.b1" : "head.b", p.head_b1);
        add_view(out, "classifier.w2", p.head_w2);
        add_view(out, "classifier.b2", p.head_b2);
        return out;
    }

    model_parameters initial_parameters(const trainer_config& config, task_kind task)
    {
        const std::size_t d = config.d_model, d_ff = config.d_ff;
        const bool iris = task == task_kind::iris;
        const auto zeros = [](std::size_t r, std::size_t c) {
            return matrix(xt::zeros<double>({r, c}));
        };
        const auto zero_vector = [](std::size_t n) { return vector(xt::zeros<double>({n})); };

        // Shapes first (all zero), then each tensor is drawn from its own stream.
        model_parameters p;
        p.embedding = zeros(iris ? iris_features : config.vocabulary, d);
        p.feature_bias = iris ? zeros(iris_features, d) : matrix{};
        for (std::size_t l = 0; l < config.layers; ++l)
        {
            encoder_layer_params layer;
            for (auto* w : {&layer.attention.w_q, &layer.attention.w_k, &layer.attention.w_v,
                            &layer.attention.w_o})
            {
                *w = zeros(d, d);
            }
            for (auto* b : {&layer.attention.b_q, &layer.attention.b_k, &layer.attention.b_v,
                            &layer.attention.b_o, &layer.b2, &layer.beta1, &layer.beta2})
            {
                *b = zero_vector(d);
            }
            layer.gamma1 = vector(xt::ones<double>({d}));
            layer.gamma2 = vector(xt::ones<double>({d}));
            layer.w1 = zeros(d, d_ff);
            layer.b1 = zero_vector(d_ff);
            layer.w2 = zeros(d_ff, d);
            p.layers.push_back(std::move(layer));
        }
        p.head_w1 = zeros(d, iris ? d / 2 : config.vocabulary);
        p.head_b1 = zero_vector(iris ? d / 2 : config.vocabulary);
        if (iris)
        {
            p.head_w2 = zeros(d / 2, iris_classes);
            p.head_b2 = zero_vector(iris_classes);
        }

        const std::vector<parameter_view> views = view_parameters(task, p);
        for (std::size_t k = 0; k < views.size(); ++k)
        {
            const parameter_view& v = views[k];
            const std::uint64_t state = stream_state(
                config.seed, static_cast<std::uint64_t>(training_stream::parameters) + k);
            const bool drawn_normal = k == 0 || v.name == "features.b";
            if (drawn_normal)
            {
                normal_stream stream(state);
                for (std::size_t i = 0; i < v.rows * v.cols; ++i)
                {
                    v.data[i] = stream.next();
                }
            }
            else if (!v.is_vector)
            {
                splitmix64 generator(state);
                const double limit = std::sqrt(6.0 / static_cast<double>(v.rows + v.cols));
                for (std::size_t i = 0; i < v.rows * v.cols; ++i)
                {
                    v.data[i] = (2.0 * generator.uniform() - 1.0) * limit;
                }
            }
        }
        return p;
    }

    void set_zero(model_parameters& p)
    {
        // view_parameters needs a task only for names; every tensor is listed either way.
        for (const parameter_view& v : view_parameters(task_kind::reverse, p))
        {
            std::fill(v.data, v.data + v.rows * v.cols, 0.0);
        }
    }

    model_parameters zero_like(const model_parameters& p)
    {
        model_parameters zero = p;
        set_zero(zero);
        return zero;
    }

    model_parameters without_head(const model_parameters& p, std::size_t layer, std::size_t head,
                                  std::size_t heads)
    {
        model_parameters out = p;
        matrix& w_o = *out.layers[layer].attention.w_o;
        const std::size_t d_k = rows(w_o) / heads;
        for (std::size_t i = head * d_k; i < (head + 1) * d_k; ++i)
        {
            xt::row(w_o, i) = 0.0;
        }
        return out;
    }
} // namespace attn
